/** Word lists and timestamp helpers for the generator. Small on purpose: data, not realism. */
import type { Rng } from '../prng.ts';

export const FIRST_NAMES = [
  'Ada',
  'Alan',
  'Grace',
  'Linus',
  'Margaret',
  'Dennis',
  'Barbara',
  'Ken',
  'Frances',
  'Edsger',
  'Radia',
  'Tim',
  'Hedy',
  'John',
  'Katherine',
  'Donald',
  'Mary',
  'Niklaus',
  'Sophie',
  'Guido',
  'Lin',
  'Yukihiro',
  'Anita',
  'Bjarne',
  'Shafi',
  'Leslie',
  'Jean',
  'Fernando',
  'Adele',
  'Vint',
  'Karen',
  'Whitfield',
  'Annie',
  'Robert',
  'Evelyn',
  'Ivan',
  'Joan',
  'Martin',
  'Carol',
  'Ralph',
  'Elena',
  'Omar',
  'Priya',
  'Wei',
  'Amara',
  'Mateo',
  'Sofia',
  'Kenji',
  'Zanele',
  'Lucas',
  'Ingrid',
  'Tariq',
  'Mei',
  'Olga',
  'Rafael',
  'Noor',
  'Henrik',
  'Aiko',
  'Diego',
  'Fatima',
];

export const LAST_NAMES = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Torvalds',
  'Hamilton',
  'Ritchie',
  'Liskov',
  'Thompson',
  'Allen',
  'Dijkstra',
  'Perlman',
  'Berners-Lee',
  'Lamarr',
  'Backus',
  'Johnson',
  'Knuth',
  'Keller',
  'Wirth',
  'Wilson',
  'van Rossum',
  'Chen',
  'Matsumoto',
  'Borg',
  'Stroustrup',
  'Goldwasser',
  'Lamport',
  'Sammet',
  'Corbato',
  'Goldberg',
  'Cerf',
  'Sparck Jones',
  'Diffie',
  'Easley',
  'Kahn',
  'Boyd',
  'Sutherland',
  'Clarke',
  'Fowler',
  'Shaw',
  'Merkle',
  'Okafor',
  'Nakamura',
  'Haddad',
  'Patel',
  'Silva',
  'Kowalski',
  'Novak',
  'Andersen',
  'Moreau',
  'Rossi',
  'Mbeki',
  'Ibrahim',
  'Larsen',
  'Dubois',
  "O'Brien",
  'Schmidt',
  'Tanaka',
  'Garcia',
  'Nguyen',
  'Kim',
];

export const COMPANY_WORDS_A = [
  'Acme',
  'Globex',
  'Initech',
  'Umbrella',
  'Stark',
  'Wayne',
  'Tyrell',
  'Cyberdyne',
  'Soylent',
  'Hooli',
  'Vandelay',
  'Wonka',
  'Aperture',
  'Black Mesa',
  'Oscorp',
  'Gringotts',
  'Monarch',
  'Pied Piper',
  'Massive',
  'Nakatomi',
  'Blue Sun',
  'Weyland',
  'Dunder',
  'Sterling',
  'Prestige',
  'Bluth',
  'Gekko',
  'Oceanic',
  'Virtucon',
  'Zorg',
];
export const COMPANY_WORDS_B = [
  'Labs',
  'Systems',
  'Dynamics',
  'Analytics',
  'Robotics',
  'Capital',
  'Health',
  'Energy',
  'Logistics',
  'Foods',
  'Networks',
  'Bio',
  'Software',
  'Ventures',
  'Materials',
  'Media',
  'Security',
  'Mobility',
  'Cloud',
  'Finance',
];
export const TLDS = ['com', 'io', 'co', 'ai', 'dev', 'net'];

export const INDUSTRIES = ['Software', 'Fintech', 'Healthcare', 'Climate', 'Retail', 'Logistics', 'Media', 'Biotech', 'Security', 'Robotics'];
export const CITIES: Array<[string, string, string, string]> = [
  ['San Francisco', 'California', 'United States', 'North America'],
  ['New York', 'New York', 'United States', 'North America'],
  ['London', 'England', 'United Kingdom', 'Europe'],
  ['Berlin', 'Berlin', 'Germany', 'Europe'],
  ['Paris', 'Ile-de-France', 'France', 'Europe'],
  ['Toronto', 'Ontario', 'Canada', 'North America'],
  ['Singapore', 'Singapore', 'Singapore', 'Asia'],
  ['Lagos', 'Lagos', 'Nigeria', 'Africa'],
  ['Sao Paulo', 'Sao Paulo', 'Brazil', 'South America'],
  ['Sydney', 'New South Wales', 'Australia', 'Oceania'],
];
export const STREETS = ['Main Street', 'Market Street', 'High Street', 'Broadway', 'King Street', 'Elm Avenue'];
export const STAGES = ['Lead', 'Contacted', 'Qualified', 'Diligence', 'Term Sheet', 'Won', 'Lost'];
export const TAGS = ['hot', 'cold', 'warm', 'priority', 'follow-up', 'intro', 'portfolio', 'watch'];
export const WORDS = [
  'quarterly',
  'update',
  'intro',
  'pipeline',
  'follow',
  'up',
  'pricing',
  'contract',
  'renewal',
  'board',
  'deck',
  'metrics',
  'hiring',
  'roadmap',
  'security',
  'review',
  'launch',
  'partnership',
  'feedback',
  'demo',
  'budget',
];

/** Generated timestamps fall in [GEN_START, GEN_END): before any write the running simulator makes. */
export const GEN_START_MS = Date.UTC(2020, 0, 1);
export const GEN_END_MS = Date.UTC(2025, 5, 30);

/** A whole-second instant in the generated range (or inside [fromMs, GEN_END)). */
export function genTime(rng: Rng, fromMs: number = GEN_START_MS, toMs: number = GEN_END_MS): number {
  const span = Math.max(1, Math.floor((toMs - fromMs) / 1000));
  return fromMs + rng.int(0, span - 1) * 1000;
}

const p2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const p3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);
const dayPrefix = new Map<number, string>();

/** Same output as Date#toISOString, several times faster (the generator formats millions of instants). */
export function iso(ms: number): string {
  const days = Math.floor(ms / 86_400_000);
  let rem = ms - days * 86_400_000;
  let pre = dayPrefix.get(days);
  if (pre === undefined) {
    pre = new Date(days * 86_400_000).toISOString().slice(0, 11);
    dayPrefix.set(days, pre);
  }
  const h = Math.floor(rem / 3_600_000);
  rem -= h * 3_600_000;
  const mi = Math.floor(rem / 60_000);
  rem -= mi * 60_000;
  const sec = Math.floor(rem / 1000);
  return `${pre}${p2(h)}:${p2(mi)}:${p2(sec)}.${p3(rem - sec * 1000)}Z`;
}

/** Midnight Pacific (08:00 UTC) of a generated day: how date fields are stored by the service. */
export function genDate(rng: Rng): string {
  const day = Math.floor(genTime(rng) / 86_400_000) * 86_400_000;
  return iso(day + 8 * 3_600_000);
}

export function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

export function sentence(rng: Rng, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(rng.pick(WORDS));
  const s = out.join(' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}
