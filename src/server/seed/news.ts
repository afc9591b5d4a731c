/** Demo news, oldest first, in English and Swedish. */
export const demoNews = [
  {
    title: 'Welcome to the platform',
    content: '<p>Courses, coaching and certificates in one place. Sign in with a demo account to look around.</p>',
    sv: {
      title: 'Välkommen till plattformen',
      content: '<p>Kurser, coachning och certifikat på ett ställe. Logga in med ett demokonto och se dig omkring.</p>',
    },
  },
  {
    title: 'Swedish is here',
    content: '<p>Every page now speaks Swedish too. Switch language in the top bar; your choice is remembered.</p>',
    sv: {
      title: 'Nu finns svenska',
      content: '<p>Alla sidor finns nu även på svenska. Byt språk i toppfältet; ditt val sparas.</p>',
    },
  },
  {
    title: 'Dark mode',
    content: '<p>Open the menu and turn on dark mode. The choice is kept per browser.</p>',
    sv: {
      title: 'Mörkt läge',
      content: '<p>Öppna menyn och slå på mörkt läge. Valet sparas per webbläsare.</p>',
    },
  },
];
