import 'i18next';
import type { resources } from '../../shared/i18n';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'shell';
    resources: (typeof resources)['en'];
  }
}
