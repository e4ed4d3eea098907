/**
 * The webhook bench's changes (bench-hooks.ts): each made through the simulator's own write API with a key
 * of its own (its own per-minute window, and writes are never GETs, so relsync's reads stay countable), so
 * the simulator fires the event the service documents for that write (packages/simulator/src/webhooks/). The
 * simulator's sender delivers it to a capture on 127.0.0.1, and the bench decides what reaches relsync's
 * receiver: delivered, dropped, replayed or forged. Each change names records no other change names, so a
 * change is seen only through its own delivery (or a periodic pass); bench-hooks-watch.ts judges that.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningSimulator, SimField } from '@relsync/simulator';
import { simCall } from '@relsync/simulator/test-client';

export type HookKind =
  | 'company_rename'
  | 'person_rename'
  | 'company_create'
  | 'person_create'
  | 'company_delete'
  | 'person_delete'
  | 'entry_add'
  | 'entry_remove'
  | 'company_field'
  | 'entry_field';

/** The burst's mix, out of 100: renames and field values most, creates and deletes a few. */
export const KIND_MIX: ReadonlyArray<[HookKind, number]> = [
  ['company_rename', 20],
  ['person_rename', 20],
  ['company_field', 16],
  ['entry_field', 12],
  ['entry_add', 10],
  ['entry_remove', 8],
  ['company_create', 5],
  ['person_create', 5],
  ['company_delete', 2],
  ['person_delete', 2],
];

export interface HookChange {
  kind: HookKind;
  /** The record the analyst looks at: company, person or list entry id. */
  id: number;
  /** What the row shows once seen: the new name or number. */
  value?: string | number;
  field?: string;
  /** The delivery body the simulator sent for the write. */
  body: string;
}

/** The simulator's sender points here; each body is kept for the bench to forward (or not). */
export class Capture {
  readonly bodies: string[] = [];
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        this.bodies.push(body);
        res.writeHead(200).end('ok\n');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    this.server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/capture`;
  }

  close(): Promise<void> {
    return new Promise((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}

const WRITER_KEY = 'bench-hooks-writer-key';
export const WRITER_ACCOUNT = { apiKey: WRITER_KEY, tenant: { id: 990_001, name: 'Bench Writer', subdomain: 'bench-writer' } };

function numberField(fields: readonly SimField[] | undefined): SimField | undefined {
  return (fields ?? []).find((f) => f.trackChanges && !f.association && f.valueType === 'number');
}

/** Makes changes on records not used before, through the API, and returns each with its delivery body. */
export class ChangeMaker {
  private n = 0;
  private readonly used = new Set<string>();
  private readonly companies: number[];
  private readonly persons: number[];
  private readonly companyList: number;
  private readonly entryList: { list: number; field: SimField };
  private readonly companyField: SimField;

  constructor(
    private readonly sim: RunningSimulator,
    private readonly capture: Capture,
  ) {
    const s = sim.store;
    this.companies = [...s.companies.values()].filter((c) => !c.isGlobal).map((c) => c.id);
    this.persons = [...s.persons.values()].filter((p) => p.type === 'external').map((p) => p.id);
    const lists = [...s.lists.values()].sort((a, b) => a.id - b.id);
    const companyList = lists.find((l) => l.type === 'company');
    const entryList = lists.map((l) => ({ list: l.id, field: numberField(s.fieldsByList.get(l.id)) })).find((x) => x.field !== undefined);
    const companyField = numberField(s.fieldsByEntity.get('company'));
    if (!companyList || !entryList?.field || !companyField) throw new Error('the tenant lacks a company list or a tracked number field');
    this.companyList = companyList.id;
    this.entryList = { list: entryList.list, field: entryList.field };
    this.companyField = companyField;
  }

  private take<T>(kind: string, xs: readonly T[], key: (x: T) => string): T {
    for (let i = 0; i < xs.length; i++) {
      const x = xs[(this.n * 7919 + i) % xs.length]!;
      if (this.used.has(key(x))) continue;
      this.used.add(key(x));
      return x;
    }
    throw new Error(`no unused record left for ${kind}: use a larger --scale`);
  }

  private company(kind: string): number {
    return this.take(kind, this.companies, (id) => `c${id}`);
  }

  private person(kind: string): number {
    return this.take(kind, this.persons, (id) => `p${id}`);
  }

  /** An entry of `list` whose entity no other change names. */
  private entry(kind: string, list: number): number {
    const s = this.sim.store;
    const ids = [...(s.entriesByList.get(list)?.values() ?? [])];
    const e = this.take(kind, ids, (id) => {
      const en = s.listEntries.get(id);
      return en ? `${en.entityType === 'company' ? 'c' : 'p'}${en.entityId}` : `e${id}`;
    });
    return e;
  }

  private async write(path: string, method: string, body: unknown, auth: 'basic' | 'bearer'): Promise<unknown> {
    const r = await simCall({ url: this.sim.url, apiKey: WRITER_KEY }, path, { method, body, auth });
    if (r.status >= 300) throw new Error(`${method} ${path} -> ${r.status} ${r.text.slice(0, 200)}`);
    return r.json;
  }

  /** One change of `kind`; its delivery body is the one event the write fired. */
  async make(kind: HookKind): Promise<HookChange> {
    this.n += 1;
    const c = await this.apply(kind, this.n);
    await this.sim.webhooks.idle();
    const bodies = this.capture.bodies.splice(0);
    if (bodies.length !== 1) throw new Error(`${kind}: the write fired ${bodies.length} deliveries, not 1`);
    return { ...c, body: bodies[0]! };
  }

  private async apply(kind: HookKind, n: number): Promise<Omit<HookChange, 'body'>> {
    const idOf = (j: unknown) => Number((j as { id: number }).id);
    switch (kind) {
      case 'company_rename': {
        const id = this.company(kind);
        await this.write(`/organizations/${id}`, 'PUT', { name: `Hooked Co ${n}` }, 'basic');
        return { kind, id, value: `Hooked Co ${n}` };
      }
      case 'person_rename': {
        const id = this.person(kind);
        await this.write(`/persons/${id}`, 'PUT', { first_name: `Hooked${n}` }, 'basic');
        return { kind, id, value: `Hooked${n}` };
      }
      case 'company_create':
        return { kind, id: idOf(await this.write('/organizations', 'POST', { name: `New Hook Co ${n}`, domain: `hook-${n}.example` }, 'basic')) };
      case 'person_create':
        return { kind, id: idOf(await this.write('/persons', 'POST', { first_name: `Newhook${n}`, emails: [`hook${n}@example.com`] }, 'basic')) };
      case 'company_delete': {
        const id = this.company(kind);
        await this.write(`/organizations/${id}`, 'DELETE', undefined, 'basic');
        return { kind, id };
      }
      case 'person_delete': {
        const id = this.person(kind);
        await this.write(`/persons/${id}`, 'DELETE', undefined, 'basic');
        return { kind, id };
      }
      case 'entry_add': {
        const onList = new Set((this.sim.store.entriesByList.get(this.companyList)?.values() ?? []).map((e) => this.sim.store.listEntries.get(e)?.entityId));
        const company = this.take(
          kind,
          this.companies.filter((id) => !onList.has(id)),
          (id) => `c${id}`,
        );
        return { kind, id: idOf(await this.write(`/lists/${this.companyList}/list-entries`, 'POST', { entity_id: company }, 'basic')) };
      }
      case 'entry_remove': {
        const id = this.entry(kind, this.companyList);
        await this.write(`/lists/${this.companyList}/list-entries/${id}`, 'DELETE', undefined, 'basic');
        return { kind, id };
      }
      case 'company_field': {
        const id = this.company(kind);
        const value = 7_000_000 + n;
        await this.write(`/v2/companies/${id}/fields/${this.companyField.id}`, 'POST', { value: { type: 'number', data: value } }, 'bearer');
        return { kind, id, value, field: this.companyField.id };
      }
      case 'entry_field': {
        const { list, field } = this.entryList;
        const id = this.entry(kind, list);
        const value = 8_000_000 + n;
        await this.write(`/v2/lists/${list}/list-entries/${id}/fields/${field.id}`, 'POST', { value: { type: 'number', data: value } }, 'bearer');
        return { kind, id, value, field: field.id };
      }
    }
  }
}

/** A mix of `n` kinds in KIND_MIX's proportions, interleaved. */
export function kindsFor(n: number): HookKind[] {
  const out: HookKind[] = [];
  const owed = new Map<HookKind, number>();
  for (let i = 0; i < n; i++) {
    for (const [k, share] of KIND_MIX) owed.set(k, (owed.get(k) ?? 0) + share / 100);
    const [k] = [...owed.entries()].sort((a, b) => b[1] - a[1])[0]!;
    owed.set(k, owed.get(k)! - 1);
    out.push(k);
  }
  return out;
}

/** A forged delivery names the record of a real change and says it is deleted. */
export function forgedBody(c: HookChange): string {
  const type = c.kind.startsWith('person') ? 'person.deleted' : c.kind.startsWith('entry') ? 'list_entry.deleted' : 'organization.deleted';
  return JSON.stringify({ type, body: { id: c.id }, sent_at: Math.floor(Date.now() / 1000) });
}
