/** Demo news, oldest first. */
export const demoNews = [
  {
    title: 'Welcome to the platform',
    content: '<p>Courses, coaching and certificates in one place. Sign in with a demo account to look around.</p>',
  },
  {
    title: 'Swedish is here',
    content: '<p>Every page now speaks Swedish too. Switch language in the top bar; your choice is remembered.</p>',
  },
  {
    title: 'Dark mode',
    content: '<p>Open the menu and turn on dark mode. The choice is kept per browser.</p>',
  },
];
