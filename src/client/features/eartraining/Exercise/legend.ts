/** A group's legend in the weight and size of Mantine's input labels, so a fieldset reads like the fields beside it. */
export const legendStyles = { legend: { fontWeight: 500, fontSize: 'var(--mantine-font-size-sm)' } } as const;
