// Cleaning of text people type: control and bidi characters removed, shared by every schema that takes text.
/** C0/C1 control characters and the bidi overrides and isolates, which can disguise text on screen and in exports. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_AND_BIDI = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** The same, but keeping line breaks and tabs, for text written over several lines. */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_AND_BIDI_EXCEPT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Strips control and bidi characters from one-line text (names, phones). */
export const stripControls = (s: string) => s.replace(CONTROL_AND_BIDI, '');
/** Strips them from multi-line text (notes), keeping line breaks (CRLF becomes LF) and tabs. */
export const stripControlsKeepLines = (s: string) => s.replace(/\r\n?/g, '\n').replace(CONTROL_AND_BIDI_EXCEPT_LINES, '');
