import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../factories';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

describe.each(dialects)('site.php on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('get_site answers the name, title, plan and whether registration is open', async () => {
    const site = await createSite(server.db);
    const { httpStatus, body } = await server.call('site.php', 'get_site', {}, { site: site.name });
    expect(httpStatus).toBe(200);
    expect(body).toEqual({
      status: 'OK',
      data: { Name: site.name, Title: `Site ${site.name}`, Plan: 'starter', RegistrationEnabled: true },
    });
  });

  it('answers RegistrationEnabled false for a site whose registration is off', async () => {
    const site = await createSite(server.db, { registrationEnabled: false });
    const { body } = await server.call('site.php', 'get_site', {}, { site: site.name });
    expect(body.data).toMatchObject({ Name: site.name, RegistrationEnabled: false });
  });

  it('answers the main site without a site header, and an unknown plan reads as demo', async () => {
    const response = await fetch(`${server.url}/api/backend/site.php`, {
      method: 'POST',
      body: new URLSearchParams({ req: 'get_site', data: '{}' }),
    });
    const body = await response.json();
    expect(body.data).toMatchObject({ Name: 'main', Plan: 'demo' });

    const site = await createSite(server.db);
    await server.db.updateTable('sites').set({ plan: 'legacy-gold' }).where('id', '=', site.id).execute();
    const odd = await server.call('site.php', 'get_site', {}, { site: site.name });
    expect(odd.body.data.Plan).toBe('demo');
  });

  it('get_site needs no data at all', async () => {
    const site = await createSite(server.db);
    const { body } = await server.callRaw('site.php', 'get_site', undefined, { site: site.name, rawData: '' });
    expect(body.status).toBe('OK');
  });
});
