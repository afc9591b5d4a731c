export const addMinutes = (date: Date, minutes: number): Date => new Date(date.getTime() + minutes * 60_000);
export const addHours = (date: Date, hours: number): Date => addMinutes(date, hours * 60);
export const addDays = (date: Date, days: number): Date => addHours(date, days * 24);
