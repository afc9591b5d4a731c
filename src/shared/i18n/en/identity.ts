/** Sign-in, registration, email verification and password recovery (spec §2, §5, §8). */
export const identity = {
  fields: {
    newPassword: 'New password',
    repeatPassword: 'Repeat the new password',
    firstName: 'First name',
    lastName: 'Last name',
    companyName: 'Company name',
    accountType: 'Account type',
    private: 'Private person',
    company: 'Company',
  },
  validation: {
    firstNameRequired: 'Enter your first name.',
    lastNameRequired: 'Enter your last name.',
    companyNameRequired: 'Enter the name of the company.',
    repeatRequired: 'Repeat the new password.',
    passwordsDiffer: 'The two passwords are not the same.',
    nameInvalid: 'A name cannot contain line breaks or other control characters.',
  },
  password: {
    problems: {
      TOO_SHORT: 'Too short: the password needs at least {{min}} characters.',
      TOO_LONG: 'Too long: the password can have at most {{max}} characters.',
      TOO_COMMON: 'Too common: this password is on a list of passwords people often use. Choose another one.',
      CONTAINS_EMAIL_NAME: 'Too easy to guess: the password must not contain the name part of your email address.',
      EASY_TO_GUESS: 'Too easy to guess.',
    },
    /** What makes a password easy to guess, after EASY_TO_GUESS; a few unusual words together are strong. */
    hints: {
      straightRow: 'Rows of keys on the keyboard are easy to guess.',
      keyPattern: 'Short keyboard patterns are easy to guess.',
      simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
      extendedRepeat: 'Repeated patterns like "abcabcabc" are easy to guess.',
      sequences: 'Sequences like "abc" or "123" are easy to guess.',
      recentYears: 'Recent years are easy to guess.',
      dates: 'Dates are easy to guess.',
      topTen: 'This is one of the most used passwords.',
      topHundred: 'This is a very often used password.',
      common: 'This is a commonly used password.',
      similarToCommon:
        'This is close to a commonly used password; changed letters, digits or symbols at the end do not help much.',
      wordByItself: 'Single words are easy to guess.',
      namesByThemselves: 'Names alone are easy to guess.',
      commonNames: 'Common names are easy to guess.',
      userInputs: 'The password should not contain your name or email address.',
      pwned: 'This password has appeared in a data breach.',
      generic: 'Use a few unusual words together, for example a short sentence only you would think of.',
    },
  },
  duration: {
    minutesAndSeconds: '{{minutes}} and {{seconds}}',
  },
  register: {
    title: 'Create an account',
    intro: 'Sign up to take courses, earn xp and collect certificates.',
    submit: 'Create account',
    agreeTerms: 'I agree to the <terms>terms of service</terms> (opens in a new tab).',
    termsRequired: 'Agree to the terms of service to create an account.',
    haveAccount: 'Already have an account?',
    closedTitle: 'Registration is closed',
    closedText: 'New accounts cannot be created on this site. If you already have an account, sign in.',
    doneTitle: 'Check your inbox',
    doneText:
      'We sent a verification link to {{email}}. Open it to activate your account. The link is valid for {{hours}} hours.',
    doneHint: 'No mail? Look in the spam folder, or ask for a new link.',
    codeNote: 'You have a registration code: its courses are yours as soon as you have registered.',
    code: 'Registration code',
    codeHint:
      'Its courses open for you with your new account. Already have an account? Sign in and the code is redeemed there.',
  },
  verify: {
    title: 'Verify your email address',
    checking: 'Verifying your email address…',
    success: 'Your email address is verified. You can sign in now.',
    failedTitle: 'The verification link does not work',
    noCode:
      'To finish creating your account, open the verification link we sent to your email. The link is valid for {{hours}} hours.',
    newLinkIntro: 'Need a new link? Enter your email address and we send one.',
    alreadyVerified: 'This email address is already verified. You can sign in.',
    toProfile: 'Go to your profile',
  },
  resend: {
    button: 'Resend verification email',
    sent: 'A new verification link is on its way to {{email}}. It is valid for {{hours}} hours.',
    wait: 'You can ask for another link in {{time}}.',
    cooldown: 'Please wait {{time}} before asking for another link.',
  },
  recovery: {
    title: 'Reset your password',
    intro: 'Enter the email address of your account. We send you a link to choose a new password.',
    submit: 'Send reset link',
    sentTitle: 'Check your inbox',
    sent: 'If an account exists for {{email}}, we sent it a link to reset the password. The link is valid for {{minutes}} minutes.',
    backToSignIn: 'Back to sign in',
  },
  reset: {
    title: 'Choose a new password',
    intro: 'Choose a new password for your account. You are signed out on all devices afterwards.',
    submit: 'Save new password',
    success: 'Your password is changed. You can sign in with the new password now.',
    requestNew: 'Request a new link',
  },
  /** The account settings of My profile: language, password, address, my data, deleting the account. */
  account: {
    title: 'Account',
    currentPassword: 'Current password',
    wrongCurrentPassword: 'The current password is wrong.',
    language: {
      title: 'Language',
      hint: 'The language of the pages, and of the mails and messages we send you.',
    },
    password: {
      title: 'Change password',
      submit: 'Change password',
      done: 'Your password is changed. You are signed out on your other devices.',
    },
    email: {
      title: 'Email address',
      current: 'Your address: {{email}}',
      pending:
        'Waiting for confirmation: {{email}}. Open the link we sent there; until then your address stays the same.',
      newEmail: 'New email address',
      submit: 'Send confirmation link',
      sent: 'We sent a link to {{email}}. Your address changes when you open it. The link is valid for {{hours}} hours.',
      same: 'This is your address already.',
    },
    data: {
      title: 'Your data',
      intro:
        'Download everything we store about you as a JSON file: profile, progress, xp, achievements, certificates, exams and messages.',
      download: 'Download my data',
      failed: 'Your data could not be downloaded. Please try again later.',
    },
    delete: {
      title: 'Delete account',
      intro:
        'Deleting your account removes your profile, progress, xp, achievements, certificates, exams and messages. This cannot be undone.',
      open: 'Delete my account…',
      confirmTitle: 'Delete your account?',
      confirmText: 'Enter your password to delete your account and everything stored about you. This cannot be undone.',
      confirm: 'Delete account',
      cancel: 'Cancel',
      done: 'Your account is deleted.',
      lastAdmin:
        'You are the last administrator of this site, so your account cannot be deleted. Make someone else an administrator first.',
    },
  },
  tooManyRequests: 'Too many requests from your network. Please try again in {{time}}.',
  signIn: 'Sign in',
  loading: 'Loading...',
  loadFailed: 'Error loading data from backend, please try again later.',
};
