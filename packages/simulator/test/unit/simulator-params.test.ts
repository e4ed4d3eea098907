import { describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../../src/routes/routes.ts';
import { checkParams, routeParamKeys } from '../../src/http/params.ts';
import { HttpError } from '../../src/http/http-types.ts';

/** params.ts is the one list of query parameters each read route takes; it must cover every GET route. */
describe('simulator parameter lists', () => {
  it('has a parameter list for every GET route and none for a route that does not exist', () => {
    const gets = ALL_ROUTES.filter((r) => r.method === 'GET')
      .map((r) => `GET ${r.path}`)
      .sort();
    expect(routeParamKeys().sort()).toEqual(gets);
  });

  it('refuses an unknown parameter: 400 validation naming it on /v2, 422 on the older interface', () => {
    const q = new URLSearchParams('limit=5&updated_since=2024-01-01');
    const v2 = (() => {
      try {
        checkParams('v2', 'GET', '/v2/companies', q);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(v2).toBeInstanceOf(HttpError);
    expect(v2).toMatchObject({ status: 400, code: 'validation', param: 'updated_since' });
    const v1 = (() => {
      try {
        checkParams('v1', 'GET', '/organizations', new URLSearchParams('foo=1'));
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(v1).toMatchObject({ status: 422 });
    expect(() => checkParams('v2', 'GET', '/v2/companies', new URLSearchParams('limit=5&fieldTypes=global&ids=1'))).not.toThrow();
    // Writes carry their data in the body; their query is not checked here.
    expect(() => checkParams('v2', 'POST', '/v2/notes', new URLSearchParams('x=1'))).not.toThrow();
  });
});
