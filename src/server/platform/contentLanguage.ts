import { chooseLanguage } from '../../shared/domain/language';
import type { CallContext } from './handlers';

/** The language a viewer reads content (courses, news) in: her stored choice, else her browser's (as her pages are). */
export const contentLanguage = (ctx: CallContext) => chooseLanguage(ctx.user?.language, [ctx.locale]);
