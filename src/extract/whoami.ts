import { UserError } from '../errors.ts';
import { ForbiddenError, NotFoundError } from './http/errors.ts';
import type { AffinityClient } from './http/client.ts';
import { v1WhoAmISchema, v2WhoAmISchema } from './schemas/index.ts';

/** The account (tenant) a key reads, as whoami names it. */
export interface ServiceAccount {
  id: string;
  name: string | null;
  subdomain: string | null;
}

/**
 * Which account the key reads: `GET /v2/auth/whoami` (docs/contract.md §7.11), or the older
 * `GET /auth/whoami` (§6.12) where the service refuses the first. Neither counts against the monthly limit
 * (§6.12). Any other failure (a rejected key, no answer) is the caller's to judge, as for any first call.
 */
export async function readAccount(client: AffinityClient): Promise<ServiceAccount> {
  let body: unknown;
  let parsed: { tenant: { id: number; name?: string | null | undefined; subdomain?: string | null | undefined } } | undefined;
  try {
    body = await client.get('/v2/auth/whoami');
    parsed = v2WhoAmISchema.safeParse(body).data;
  } catch (err) {
    if (!(err instanceof NotFoundError || err instanceof ForbiddenError)) throw err;
  }
  if (!parsed) {
    body = await client.get('/auth/whoami');
    parsed = v1WhoAmISchema.safeParse(body).data;
  }
  if (!parsed)
    throw new UserError('the Affinity API answered whoami without a tenant id (GET /auth/whoami), so relsync cannot tell which account the key reads', {
      exitCode: 1,
    });
  const { tenant } = parsed;
  return { id: String(tenant.id), name: tenant.name ?? null, subdomain: tenant.subdomain ?? null };
}
