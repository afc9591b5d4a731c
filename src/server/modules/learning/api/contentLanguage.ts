import { chooseLanguage } from '../../../../shared/domain/language';
import type { CallContext } from '../../../platform/handlers';

/** The language a viewer reads course content in: her stored choice, else her browser's (as her pages are). */
export const contentLanguage = (ctx: CallContext) => chooseLanguage(ctx.user?.language, [ctx.locale]);
