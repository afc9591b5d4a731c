import { resources } from '../../../../shared/contract/learning/resources';
import { handlers, signedInUser } from '../../../platform/handlers';
import { listResources } from '../services/resources';

export const resourcesHandlers = handlers(resources, {
  async get_resources(ctx) {
    return { status: 'OK', data: await listResources(ctx.db, { siteId: ctx.site.id, user: signedInUser(ctx) }) };
  },
});
