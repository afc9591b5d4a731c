import { lazy } from 'react';
import { celebrate } from './Course/store';

/**
 * What other features use of learning: the course view state (tech support names the course and page the learner
 * is on), and the xp dialog with a way to show it (ear training's rounds earn xp into the same total as courses).
 * Kept to small modules: whatever imports it does not pull the course pages into its chunk (the dialog is its own).
 */
export { courseView } from './Course/store';
export { learningKeys } from './keys';

/** The xp dialog, counting from the old total to the new one; mounted by a page that may show it. */
export const XpDialog = lazy(() =>
  import('./Course/overlays/XpDialog').then((module) => ({ default: module.XpDialog })),
);

/** Shows the xp dialog counting from one total to another. */
export const celebrateXp = (from: number, to: number) => {
  if (to > from) celebrate([{ kind: 'xp', from, to }]);
};
