import { getContent, saveContent } from '../../../../shared/contract/site/content';
import { handlers, signedInUser } from '../../../platform/handlers';
import { readContent, saveContent as storeContent } from '../services/content';

// `isZoned` is accepted for compatibility; every text belongs to the site it was saved on (docs/decisions.md).
export const getContentHandlers = handlers(getContent, {
  async get_content(ctx, data) {
    return {
      status: 'OK',
      data: await readContent(ctx.db, {
        siteId: ctx.site.id,
        key: data.TheKey,
        locale: data.Locale,
        defaultContent: data.DefaultContent,
      }),
    };
  },
});

export const saveContentHandlers = handlers(saveContent, {
  async save_content(ctx, data) {
    const datetime = await storeContent(ctx.db, {
      siteId: ctx.site.id,
      userId: signedInUser(ctx).id,
      key: data.TheKey,
      locale: data.Locale,
      html: data.content,
    });
    return { status: 'OK', datetime };
  },
});
