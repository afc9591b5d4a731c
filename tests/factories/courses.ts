export {
  type BlockSpec,
  type CreatedCourse,
  createCourse,
  createMedia,
  createResource,
  grantAccess,
  type PartSpec,
} from '../../src/server/seed/factories';

/** A quiz or test question whose right answer is its first option. */
export const question = (id: string, options = 2) => ({
  id,
  text: `Question ${id}`,
  multiple: false,
  options: Array.from({ length: options }, (_, i) => ({ id: `${id}-${i}`, text: `Option ${i}` })),
  correct: [`${id}-0`],
});
