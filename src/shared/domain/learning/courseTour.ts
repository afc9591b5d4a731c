/** The steps of the course page's first-visit tour, in order: what each one points at. */
export type CourseTourStep = 'nav' | 'navMenu' | 'content' | 'bar' | 'xp';

/**
 * The tour's steps for the viewer and the screen: the navigation itself where it stands beside the content and is
 * open, else the Menu button that opens it; the page; Back and Forward; and xp for those who collect it.
 */
export function courseTourSteps(view: { navBeside: boolean; collectsXp: boolean }): CourseTourStep[] {
  return [view.navBeside ? 'nav' : 'navMenu', 'content', 'bar', ...(view.collectsXp ? (['xp'] as const) : [])];
}
