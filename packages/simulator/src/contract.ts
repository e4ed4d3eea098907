/**
 * Contract profiles: which document the simulator follows where the two differ. `reference` is the
 * documented current API (docs/contract.md §0-§9); `seed` is the reference made
 * as stingy as the client's contract (docs/contract.md §S1-§S14) wherever the seed says less.
 * What the seed marks "not shown" falls back to the reference. Both profiles refuse what neither document
 * describes (see params.ts). The contract table of the package's README.md lists each behaviour with its quotes.
 */

export const CONTRACT_NAMES = ['reference', 'seed'] as const;
export type ContractName = (typeof CONTRACT_NAMES)[number];
export const DEFAULT_CONTRACT: ContractName = 'reference';

export interface ContractProfile {
  name: ContractName;
  /**
   * `/v2` page envelope. reference: docs/contract.md §4 "There is **no `next_cursor` / `nextCursor` member on the
   * wire**" (`pagination.nextUrl`); the seed, docs/contract.md §S2: "`data` (array), `next_cursor` (string, absent or empty at the end)".
   */
  envelope: 'real' | 'seed';
  /**
   * The `persons` / `companies` association fields on `/v2` list entries. reference: the OpenAPI
   * examples `opportunity-list-2` ("id": "persons" / "companies", "type": "list") and `person-list-2`
   * ("id": "companies", "type": "list"); the seed, docs/contract.md §S3: "`/v2` has no opportunity-to-person,
   * opportunity-to-company, company-to-person or company-to-opportunity association reads".
   */
  v2AssociationFields: boolean;
  /**
   * `person_ids` / `organization_ids` on the older opportunity search. reference: docs/contract.md §6.3 "**doc
   * example items include `person_ids`, `organization_ids` and `list_entries`**"; the seed, docs/contract.md §S3, lists them
   * only for "GET | /opportunities/{id} | fuller record with person_ids, organization_ids and list entries"
   * (docs/contract.md §S3: person_ids "older single-record read").
   */
  opportunitySearchAssociations: boolean;
  /**
   * `current_organization_ids` on the older person search (`with_current_organizations`). reference:
   * docs/contract.md §6.1 "`current_organization_ids` only with `with_current_organizations=true`"; the seed, docs/contract.md §S3:
   * "company associations | array of company identifiers | older single-record read only".
   */
  personSearchCompanies: boolean;
  /**
   * `opportunity_ids` on the older company search (`with_opportunities`). reference: docs/contract.md §6.2
   * "`with_opportunities=true` → `opportunity_ids` added"; the seed says both "adds opportunity
   * identifiers" (docs/contract.md §S3) and "opportunity_ids | … | older single-record read only" (docs/contract.md §S3): the
   * stingier statement wins.
   */
  companySearchOpportunities: boolean;
  /**
   * `/v2/field-value-changes` without a `field.id` term. reference: docs/contract.md §7.9 "org-wide, designed for
   * delta sync"; the seed, docs/contract.md §S5: "globally (global listing requires a field identifier filter)".
   */
  orgWideChangeLog: boolean;
  /**
   * Older `GET /entity-files` without a person / organization / opportunity scope. reference: docs/contract.md §4
   * lists it as a plain paged listing ("`GET /entity-files` | `{"entity_files": [...], "next_page_token"}`
   * | default = max = 500") with no required parameter; the seed, docs/contract.md §S7: "files of one person, company or
   * opportunity (`/v2` lists only organisation-wide files)".
   */
  entityFilesUnscoped: boolean;
  /**
   * `list_size` on the older `GET /lists` listing. reference: docs/contract.md §6.4 "List: `{id, type, name, public,
   * owner_id, creator_id, list_size, …}`"; the seed, docs/contract.md §S4: "size | integer | readable only through the older
   * single-list read". The single read `GET /lists/{id}` carries it under both.
   */
  listSizeInListing: boolean;
}

export const CONTRACTS: Record<ContractName, ContractProfile> = {
  reference: {
    name: 'reference',
    envelope: 'real',
    v2AssociationFields: true,
    opportunitySearchAssociations: true,
    personSearchCompanies: true,
    companySearchOpportunities: true,
    orgWideChangeLog: true,
    entityFilesUnscoped: true,
    listSizeInListing: true,
  },
  seed: {
    name: 'seed',
    envelope: 'seed',
    v2AssociationFields: false,
    opportunitySearchAssociations: false,
    personSearchCompanies: false,
    companySearchOpportunities: false,
    orgWideChangeLog: false,
    entityFilesUnscoped: false,
    listSizeInListing: false,
  },
};

export function contractProfile(name: string | undefined): ContractProfile {
  const n = name ?? DEFAULT_CONTRACT;
  if (!(CONTRACT_NAMES as readonly string[]).includes(n)) throw new Error(`contract must be one of ${CONTRACT_NAMES.join(', ')} (got "${n}")`);
  return CONTRACTS[n as ContractName];
}
