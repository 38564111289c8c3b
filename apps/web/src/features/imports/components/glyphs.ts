/** A cross that closes a sheet, drawn on the app's icon grid (app/icons.tsx has none). */
export const CLOSE = 'M6 6l12 12M18 6 6 18';
