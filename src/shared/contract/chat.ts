import { z } from 'zod';
import { CHAT, GENDERS } from './constants.ts';
import { endpoints } from './endpoint.ts';
import { ZId, ZIdParam } from './ids.ts';
import { ZMemberIdParams } from './profiles.ts';

// Zod messages are catalog ids: the server answers them localised, the client shows them with react-intl.

export { CHAT, CHAT_ERRORS, CHAT_PHOTO_FIELDS } from './constants.ts';

export const ZChatIdParams = z.object({ id: ZIdParam });

// ---------------------------------------------------------------- safe text

/** C0/C1 control characters (tab and line feed are taken out before the test). */
const CONTROL = /\p{Cc}/u;
/** Bidi overrides and isolates: they let a message show text in another order than it was written. */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;
/** A UTF-16 surrogate without its partner: not text, and breaks JSON encoders downstream. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Characters that make a message look empty. */
const INVISIBLE = /[\s\u00AD\u180E\u200B-\u200F\u2060-\u2064\uFEFF]/g;

/**
 * A chat message text: trimmed, line endings made \n, not empty or invisible, no control, bidi-override or
 * lone-surrogate characters. The site's message_length is checked by the server on top (and by the web app's
 * counter); this schema holds the absolute cap. HTML is allowed as text: it is always shown as text.
 */
export const ZMessageBody = z
  .string()
  .transform((s) => s.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1, { message: 'chat.message_empty' })
      .max(CHAT.maxBodyLength, { message: 'chat.message_long' })
      .refine((s) => s.replace(INVISIBLE, '').length > 0, { message: 'chat.message_empty' })
      .refine((s) => !CONTROL.test(s.replace(/[\t\n]/g, '')) && !BIDI.test(s) && !LONE_SURROGATE.test(s), {
        message: 'chat.message_invalid',
      }),
  );

/**
 * The id the client gives each message (C-12): a retry with the same id returns the stored message
 * instead of sending it twice. A UUID fits; anything of 8-64 letters, digits, '-' and '_' does.
 */
export const ZClientId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'chat.client_id_invalid' });

// ---------------------------------------------------------------- gifts (C-09)

/** A gift of the catalogue, name in the viewer's language. */
export const ZGift = z.object({
  code: z.string(),
  name: z.string(),
  /** Public URL of the gift's image (cdn_prefix included). */
  image_url: z.string(),
  /** Credits a gift costs: the site's gift_credits. */
  price: z.number().int().nonnegative(),
});
export type TGift = z.infer<typeof ZGift>;

export const ZGiftsResponse = z.object({ gifts: z.array(ZGift) });
export type TGiftsResponse = z.infer<typeof ZGiftsResponse>;

export const ZGiftCode = z.string().regex(/^[a-z0-9_]{1,40}$/, { message: 'chat.unknown_gift' });

// ---------------------------------------------------------------- messages (C-02, C-07, C-12)

export const MESSAGE_KINDS = ['text', 'photo', 'gift'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** A photo in a message: private, so its URLs are short-lived signed paths for the two members only. */
export const ZMessagePhoto = z.object({
  url: z.string(),
  thumb_url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

export const ZChatMessage = z.object({
  id: ZId,
  conversation_id: ZId,
  /** Position in the conversation: 1, 2, 3, ... without gaps; the client syncs by it (C-12). */
  seq: z.number().int().positive(),
  /** The sending client's id of the message; only on the viewer's own messages. */
  client_id: z.string().nullable(),
  sender_id: ZId,
  /** Sent by the viewer (true) or by the other member (false). */
  mine: z.boolean(),
  kind: z.enum(MESSAGE_KINDS),
  /** The text of a text message (always shown as plain text); null for photos and gifts. */
  body: z.string().nullable(),
  photo: ZMessagePhoto.nullable(),
  gift: ZGift.omit({ price: true }).nullable(),
  created_at: z.string().describe('ISO date-time'),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

/** The other member of a conversation, as the chat list and the chat's top bar show them. */
export const ZChatProfile = z.object({
  id: ZId,
  name: z.string(),
  age: z.number().int().nullable(),
  /** Their city (never coordinates, M-10) for the desktop chat's profile peek; null when unavailable. */
  city: z.string().nullable(),
  /** Public thumbnail URL of the main photo, or null. */
  thumb_url: z.string().nullable(),
  /** Fictional profile: show the site's fictional_icon and notice (M-08). */
  fictional: z.boolean(),
  /** For texts about them that a language inflects by gender (icebreakers); null when unavailable. */
  gender: z.enum(GENDERS).nullable(),
  online: z.boolean(),
  /**
   * False when the viewer cannot write to this member (blocked either way, deleted, banned, invisible):
   * the chat stays readable, the footer is disabled and the profile link hidden.
   */
  available: z.boolean(),
});
export type TChatProfile = z.infer<typeof ZChatProfile>;

// ---------------------------------------------------------------- chat list (C-01, C-05, C-06)

export const ZChatListQuery = z.object({
  /** next_cursor of the previous page. */
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT.listPageSize),
});
export type TChatListQuery = z.input<typeof ZChatListQuery>;

export const ZLastMessage = z.object({
  kind: z.enum(MESSAGE_KINDS),
  /** Start of a text message (CHAT.previewLength characters); null for photos and gifts. */
  preview: z.string().nullable(),
  mine: z.boolean(),
  created_at: z.string(),
});

/** A chat list item of spec §3: conversation (with id), profile (with id), num_unread_messages. */
export const ZChatListItem = z.object({
  conversation: z.object({
    id: ZId,
    /** The highest sequence in the conversation. */
    last_seq: z.number().int().nonnegative(),
    started_by_me: z.boolean(),
  }),
  profile: ZChatProfile,
  num_unread_messages: z.number().int().nonnegative(),
  last_message: ZLastMessage.nullable(),
  /** The list is ordered by this, newest first. */
  last_activity_at: z.string(),
});
export type TChatListItem = z.infer<typeof ZChatListItem>;

export const ZChatListResponse = z.object({
  chats: z.array(ZChatListItem),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
  /** Unread messages over all the member's conversations (the navigation badge, C-01). */
  total_unread: z.number().int().nonnegative(),
});
export type TChatListResponse = z.infer<typeof ZChatListResponse>;

// ---------------------------------------------------------------- one chat

/**
 * GET /api/chats/:id/messages. Without before_seq/after_seq: the newest `limit` messages. before_seq: the
 * `limit` messages just before it (scrolling up). after_seq: every message after it, oldest first, up to
 * `limit` (sync after a reconnect; ask again while has_more_after).
 */
export const ZChatMessagesQuery = z.object({
  before_seq: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  after_seq: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(CHAT.maxPageSize).default(CHAT.pageSize),
});
export type TChatMessagesQuery = z.input<typeof ZChatMessagesQuery>;

export const ZConversationState = z.object({
  id: ZId,
  last_seq: z.number().int().nonnegative(),
  /** The viewer's own read position. */
  my_read_seq: z.number().int().nonnegative(),
  /** The other member's read position: the viewer's messages up to it are read (read receipts). */
  other_read_seq: z.number().int().nonnegative(),
  started_by_me: z.boolean(),
});
export type TConversationState = z.infer<typeof ZConversationState>;

export const ZChatMessagesResponse = z.object({
  conversation: ZConversationState,
  profile: ZChatProfile,
  /** Oldest first. */
  messages: z.array(ZChatMessage),
  /** Older messages exist before the first one (load them with before_seq). */
  has_more_before: z.boolean(),
  /** Newer messages exist after the last one (only with after_seq). */
  has_more_after: z.boolean(),
});
export type TChatMessagesResponse = z.infer<typeof ZChatMessagesResponse>;

/** POST /api/chats/:id/messages: a text or a gift. Photos go as multipart to POST /api/chats/:id/photos. */
export const ZSendMessageRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), client_id: ZClientId, body: ZMessageBody }),
  z.object({ kind: z.literal('gift'), client_id: ZClientId, gift_code: ZGiftCode }),
]);
export type TSendMessageRequest = z.input<typeof ZSendMessageRequest>;

/**
 * The answer to a send, given only after the message and its booking are committed. A retry with the same
 * client_id answers the stored message with `duplicate: true` and books nothing.
 */
export const ZSendMessageResponse = z.object({
  message: ZChatMessage,
  /** The sender's balance after the booking. */
  credits: z.number().int().nonnegative(),
  duplicate: z.boolean(),
  /** Free messages the sender still has (free members), null for members who pay per message. */
  free_messages_left: z.number().int().nonnegative().nullable(),
});
export type TSendMessageResponse = z.infer<typeof ZSendMessageResponse>;

/** POST /api/members/:id/gifts: sends a gift from the profile page, opening the conversation if needed. */
export const ZSendGiftRequest = z.object({ client_id: ZClientId, gift_code: ZGiftCode });
export type TSendGiftRequest = z.infer<typeof ZSendGiftRequest>;

/** POST /api/members/:id/chat: the conversation with that member, started when there is none. */
export const ZOpenChatResponse = z.object({
  conversation: z.object({ id: ZId }),
  /** A new conversation was started (counts against a free member's limit). */
  created: z.boolean(),
});
export type TOpenChatResponse = z.infer<typeof ZOpenChatResponse>;

/** POST /api/chats/:id/read with `{}` (everything up to now is read) or `{ seq }` (read up to seq). */
export const ZReadRequest = z
  .object({ seq: z.number().int().min(0).max(2_147_483_647).optional() })
  .optional();
export const ZReadResponse = z.object({
  conversation: z.object({ id: ZId }),
  my_read_seq: z.number().int().nonnegative(),
  num_unread_messages: z.number().int().nonnegative(),
  total_unread: z.number().int().nonnegative(),
});
export type TReadResponse = z.infer<typeof ZReadResponse>;

/** DELETE /api/chats/:id and DELETE /api/members/:id/chats: conversations removed for the viewer only. */
export const ZDeleteChatResponse = z.object({ removed: z.number().int().nonnegative() });
export type TDeleteChatResponse = z.infer<typeof ZDeleteChatResponse>;

/** Icebreaker catalog ids (chat.icebreaker.1 .. chat.icebreaker.8), ready opening lines (C-02). */
export const ICEBREAKER_IDS = Array.from({ length: 8 }, (_, i) => `chat.icebreaker.${i + 1}`);

/** The statuses a chat endpoint answers with the one error shape: payment (402), conflicts, photo sizes. */
const CHAT_ERROR_STATUSES = [400, 402, 403, 404, 409, 413, 415, 422, 429] as const;

/** Chat for credits (C-01..C-12): conversations, messages, photos, gifts. */
export const CHAT_API = /* @__PURE__ */ endpoints('chat', {
  'GET /api/chats': {
    summary: 'My conversations, latest activity first, cursor-paged (C-01, spec §3)',
    query: ZChatListQuery,
    answer: ZChatListResponse,
    errors: CHAT_ERROR_STATUSES,
  },
  'GET /api/chats/:id/messages': {
    summary: 'Messages of a conversation: newest first page, before_seq for older, after_seq to sync (C-02)',
    params: ZChatIdParams,
    query: ZChatMessagesQuery,
    answer: ZChatMessagesResponse,
    errors: CHAT_ERROR_STATUSES,
  },
  'POST /api/chats/:id/messages': {
    summary: 'Send a text or a gift; a retry with the same client_id answers the stored message (C-03, C-12)',
    params: ZChatIdParams,
    body: ZSendMessageRequest,
    answer: ZSendMessageResponse,
    status: 201,
    replayStatus: 200,
    errors: CHAT_ERROR_STATUSES,
  },
  'POST /api/chats/:id/photos': {
    summary: 'Send a private photo: multipart fields "photo" and "client_id"; premium members (M-04)',
    consumes: ['multipart/form-data'],
    params: ZChatIdParams,
    answer: ZSendMessageResponse,
    status: 201,
    replayStatus: 200,
    errors: CHAT_ERROR_STATUSES,
  },
  'POST /api/chats/:id/read': {
    summary: 'Mark a conversation read (up to seq); sends a read receipt (C-01, C-11)',
    params: ZChatIdParams,
    body: ZReadRequest,
    answer: ZReadResponse,
    errors: CHAT_ERROR_STATUSES,
  },
  'DELETE /api/chats/:id': {
    summary: 'Remove a conversation for me; the other member keeps theirs (C-06)',
    params: ZChatIdParams,
    answer: ZDeleteChatResponse,
    errors: CHAT_ERROR_STATUSES,
  },
  'POST /api/members/:id/chat': {
    summary: 'Open or start the conversation with a member (C-10; free members start at most 2)',
    params: ZMemberIdParams,
    answer: ZOpenChatResponse,
    errors: CHAT_ERROR_STATUSES,
  },
  'DELETE /api/members/:id/chats': {
    summary: 'Remove every conversation with a member, for me (C-06)',
    params: ZMemberIdParams,
    answer: ZDeleteChatResponse,
    errors: CHAT_ERROR_STATUSES,
  },
  'POST /api/members/:id/gifts': {
    summary: 'Send a gift from the profile page, opening the conversation when needed (C-09)',
    params: ZMemberIdParams,
    body: ZSendGiftRequest,
    answer: ZSendMessageResponse,
    status: 201,
    replayStatus: 200,
    errors: CHAT_ERROR_STATUSES,
  },
  'GET /api/gifts': {
    summary: 'The gift catalogue, names in the visitor language, prices in credits (C-09)',
    answer: ZGiftsResponse,
    errors: [],
  },
});
