/** The public page that confirms a certificate: printed on the PDF, linked from the profile. */
export const certificatePagePath = (code: string) => `/certificate/${encodeURIComponent(code)}`;
