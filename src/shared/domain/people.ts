/** A person's name as others see it beside her work (who holds a course's edit lock, who changed it): "First Last". */
export const personName = (first: string | null, last: string | null): string =>
  [first, last].filter((part) => part).join(' ');
