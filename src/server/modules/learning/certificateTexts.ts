import type { Language } from '../../../shared/domain/language';

/** The texts of a certificate's PDF, in one language. */
export interface CertificateTexts {
  title: string;
  certifies: string;
  completed: string;
  issued: (date: string) => string;
  validUntil: (date: string) => string;
  code: (code: string) => string;
  verifyAt: (url: string) => string;
  /** The file name's first word, before the course's. */
  fileName: string;
  /** The language tag the PDF declares and its dates are written in. */
  tag: string;
}

/** The certificate in each language the platform speaks; the learner's is the one her request asks for. */
export const certificateTexts: Record<Language, CertificateTexts> = {
  en: {
    title: 'Certificate of completion',
    certifies: 'This certifies that',
    completed: 'has completed the course',
    issued: (date) => `Issued ${date}`,
    validUntil: (date) => `Valid until ${date}`,
    code: (code) => `Certificate number: ${code}`,
    verifyAt: (url) => `Check that this certificate is genuine at ${url}`,
    fileName: 'certificate',
    tag: 'en-GB',
  },
  sv: {
    title: 'Certifikat',
    certifies: 'Härmed intygas att',
    completed: 'har genomfört kursen',
    issued: (date) => `Utfärdat ${date}`,
    validUntil: (date) => `Giltigt till ${date}`,
    code: (code) => `Certifikatnummer: ${code}`,
    verifyAt: (url) => `Kontrollera att certifikatet är äkta på ${url}`,
    fileName: 'certifikat',
    tag: 'sv-SE',
  },
};
