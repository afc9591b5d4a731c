import type { signIn as en } from '../en/signIn';
import type { Translation } from '../types';

/** The sign-in page and the fields it shares with the other account forms (spec §2): all the first page needs. */
export const signIn: Translation<typeof en> = {
  fields: {
    email: 'E-post',
    password: 'Lösenord',
  },
  validation: {
    emailRequired: 'Ange din e-postadress.',
    emailInvalid: 'Ange en giltig e-postadress, till exempel namn@exempel.se.',
    passwordRequired: 'Ange ditt lösenord.',
  },
  password: {
    hint: 'Minst {{min}} tecken. Långa fraser är lätta att komma ihåg och svåra att gissa.',
    show: 'Visa lösenord',
  },
  login: {
    title: 'Logga in',
    intro: 'Logga in för att fortsätta med dina kurser.',
    preview:
      'Så här ser besökarna inloggningssidan. Ändra dess texter direkt på sidan, ovanför och under formuläret; formuläret loggar inte in någon här.',
    submit: 'Logga in',
    forgotPassword: 'Glömt lösenordet?',
    noAccount: 'Inget konto än?',
    register: 'Skapa ett konto',
    resetPassword: 'Återställ lösenordet',
    signingOut: 'Loggar ut…',
    redirecting: 'Kontrollerar din inloggning…',
  },
};
