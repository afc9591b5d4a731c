import { getContent, saveContent } from '../../../../shared/contract/site/content';
import { handlers, signedInUser } from '../../../platform/handlers';
import { presentPageText } from '../presenters/pageText';
import { readPageText, saveContent as storeContent } from '../services/content';

// `isZoned` is accepted for compatibility; every text belongs to the site it was saved on (docs/decisions.md).
export const getContentHandlers = handlers(getContent, {
  async get_content(ctx, data) {
    const text = await readPageText(ctx.db, {
      siteId: ctx.site.id,
      key: data.TheKey,
      locale: data.Locale,
      defaultContent: data.DefaultContent,
    });
    return { status: 'OK', data: text && presentPageText(text) };
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
