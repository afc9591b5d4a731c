/** A route parameter as an id, or null when it is not one. */
export const idFromParam = (value: string | undefined): number | null => {
  const id = Number(value);
  return value !== undefined && /^\d+$/.test(value) && id >= 1 && id <= 2_147_483_647 ? id : null;
};

/**
 * The part a path under a course names (what follows `/course/:id/`): null for the overview, the id of
 * `post/:id2`, and -1 for anything else, which is no page of the course.
 */
export const partIdOf = (rest: string): number | null => {
  if (rest === '' || rest === '/') return null;
  const post = /^post\/([^/]+)\/?$/.exec(rest);
  return (post && idFromParam(post[1])) ?? -1;
};
