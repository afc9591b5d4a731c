import { resources } from '../../shared/contract/resources';
import { listResources } from '../services/resources';
import { handlers, signedInUser } from './types';

export const resourcesHandlers = handlers(resources, {
  async get_resources(ctx) {
    return { status: 'OK', data: await listResources(ctx.db, { siteId: ctx.site.id, user: signedInUser(ctx) }) };
  },
});
