export const news = {
  title: 'News',
  intro: 'Updates about courses, new features and events on the platform.',
  empty: 'There is no news yet.',
  loadFailed: 'The news could not be loaded. Please try again later.',
  published: 'Published {{date}}',
  readMore: 'Read more',
  readMoreAbout: 'Read more: {{title}}',
  backToList: 'All news',
  pagination: {
    label: 'News pages',
    page: 'Page {{page}}',
    previous: 'Previous page',
    next: 'Next page',
    first: 'First page',
    last: 'Last page',
  },
  notFound: {
    title: 'News item not found',
    text: 'This news item does not exist or has been removed.',
  },
};
