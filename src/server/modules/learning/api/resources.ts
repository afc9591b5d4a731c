import { resources } from '../../../../shared/contract/learning/resources';
import { handlers, signedInUser } from '../../../platform/handlers';
import { presentResource } from '../presenters/lists';
import { listResources } from '../services/resources';

export const resourcesHandlers = handlers(resources, {
  async get_resources(ctx) {
    const rows = await listResources(ctx.db, { siteId: ctx.site.id, user: signedInUser(ctx) });
    return { status: 'OK', data: rows.map(presentResource) };
  },
});
