import { z } from 'zod';

// Zod messages are catalog ids: the server answers them localised, the client shows them with react-intl.

/**
 * Every text field of the contract is one of these types (issue 10 item 5), so no request can carry
 * control characters, NUL (which PostgreSQL refuses outright) or lone surrogates (which no encoder can
 * write) into the database, a mail or another member's screen. New endpoints use them too.
 */

/** Control characters (Unicode category Cc): C0, DEL and C1. */
const CONTROL = /\p{Cc}/u;
/** The same, but newline and tab are allowed: text areas. */
const CONTROL_MULTILINE = /(?![\n\t])\p{Cc}/u;
const LONE_SURROGATE = /\p{Cs}/u;
/**
 * Invisible characters: zero-width ones, bidi controls (U+202E turns "gpj.exe" around), the word
 * joiner and its kin, soft hyphen, the BOM. Variation selectors stay, so "❤️" is still a name.
 */
const INVISIBLE = /(?![\ufe0e\ufe0f])\p{Default_Ignorable_Code_Point}/u;

/** True when a string holds a lone surrogate half (a JSON "\ud800" without its partner). */
export function hasLoneSurrogate(value: string): boolean {
  // In a u-mode regex a pair is one astral code point; only a lone half is of category Cs. (Not
  // isWellFormed(): browsers before 2023 lack it, and the signup form runs this too.)
  return LONE_SURROGATE.test(value);
}

/** Whether a one-line text is free of control characters and lone surrogates. */
export const isCleanLine = (value: string) => !CONTROL.test(value) && !hasLoneSurrogate(value);

/** Whether a name is clean and shows every character it holds (no invisible or bidi control). */
export const isVisibleName = (value: string) => isCleanLine(value) && !INVISIBLE.test(value);

export interface TextOptions {
  /** Longest text after normalisation; the message when longer. */
  max: number;
  maxMessage?: string;
  min?: number;
  minMessage?: string;
  /** Text areas keep newlines and tabs; `\r\n` and `\r` become `\n`. */
  multiline?: boolean;
  /**
   * NFC for free text (composed accents, what people typed); NFKC for identifiers such as names and
   * e-mail addresses, where a fullwidth "＠" must count as "@". `none` for secrets (passwords, tokens):
   * they must stay byte for byte what was typed.
   */
  form?: 'NFC' | 'NFKC' | 'none';
  /** Whether to trim surrounding white space (default true; never for secrets). */
  trim?: boolean;
  /** The message for a refused character; `validation.text_characters` by default. */
  charactersMessage?: string;
  /** The message when the value is missing or not a string; the generic field text by default. */
  typeMessage?: string;
}

/**
 * A text field: normalised, trimmed, refusing control characters and lone surrogates with a field
 * message, then bounded. Stays a plain string schema, so OpenAPI shows it as `type: string`.
 */
export function zText(opts: TextOptions) {
  const form = opts.form ?? 'NFC';
  const characters = { message: opts.charactersMessage ?? 'validation.text_characters' };
  let schema = opts.typeMessage ? z.string({ message: opts.typeMessage }) : z.string();
  // Lone surrogates first: normalising or measuring them means nothing.
  schema = schema.refine((v) => !hasLoneSurrogate(v), { ...characters, abort: true });
  if (opts.multiline) schema = schema.overwrite((v) => v.replace(/\r\n?/g, '\n'));
  if (form !== 'none') schema = schema.normalize(form);
  if (opts.trim ?? true) schema = schema.trim();
  schema = schema.refine((v) => !(opts.multiline ? CONTROL_MULTILINE : CONTROL).test(v), characters);
  if (opts.min !== undefined)
    schema = schema.min(opts.min, { message: opts.minMessage ?? 'validation.required' });
  return schema.max(opts.max, { message: opts.maxMessage ?? 'validation.text_long' });
}

/** A one-line text: names of things, cities, codes people type. */
export const zLine = (max: number, opts: Omit<TextOptions, 'max' | 'multiline'> = {}) =>
  zText({ ...opts, max });

/** A text area: about-me, messages, comments. */
export const zMultiline = (max: number, opts: Omit<TextOptions, 'max' | 'multiline'> = {}) =>
  zText({ ...opts, max, multiline: true });

/** A secret as typed (password, token): never normalised or trimmed, but still free of control characters. */
export const zSecret = (max: number, opts: Omit<TextOptions, 'max' | 'form' | 'trim'> = {}) =>
  zText({ ...opts, max, form: 'none', trim: false });

/**
 * What a header or other unchecked text may store (a session's user agent): control characters and
 * lone surrogates removed, cut at `max` without splitting a character pair.
 */
export function cleanStoredText(value: string, max: number): string {
  const clean = value.replace(/\p{Cs}/gu, '\ufffd').replace(new RegExp(CONTROL.source, 'gu'), '');
  return Array.from(clean).slice(0, max).join('');
}
