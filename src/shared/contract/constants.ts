// Values of the contract that pages need without its zod schemas: importing a contract module builds all
// of its schemas, which cost the search page a long task on a phone (issue 11, decision 0014). The
// contract modules re-export them, so the server and the schemas use the same values.

export const GENDERS = ['male', 'female', 'couple', 'trans', 'nonbinary'] as const;
export type Gender = (typeof GENDERS)[number];

/** Member search limits (D-01, D-02). */
export const SEARCH = {
  pageSize: 24,
  /** Visitors see the first page only, this many results (D-02). */
  visitorPageSize: 12,
  maxPage: 1000,
  /** Counting stops here: numResults is exact below it and reads "this many or more" at it. */
  countCap: 1000,
  minAge: 18,
  maxAge: 120,
  /** Similar results widen the age range by this many years on each side. */
  widenYears: 5,
  /** The distance filter's choices in km (issue 27). */
  distancesKm: [5, 10, 25, 50, 100, 250],
} as const;

/** Search orders (issue 27): nearest first, or most recently active first. */
export const SEARCH_SORTS = ['near', 'active'] as const;

/** Query fields a site can offer (settings.search_fields); `countryregion` is the region filter. */
export const SEARCH_FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;

/** Profile attributes a site may show or hide on profile pages (settings.visible_profile_fields). */
export const ATTRIBUTE_FIELDS = [
  'sexuality',
  'hair_colour',
  'eye_colour',
  'body_type',
  'relationship_status',
  'tattoos',
  'signup_reason',
] as const;
export type AttributeField = (typeof ATTRIBUTE_FIELDS)[number];

/** Limits of the chat (spec §6, §9). The web app checks the same numbers before sending. */
export const CHAT = {
  /** Free members may start this many conversations (spec §6); answering others' is not limited. */
  freeStartedConversations: 2,
  /** Messages a chat page loads first and per "older" step (C-02). */
  pageSize: 50,
  maxPageSize: 100,
  /** Conversations per page of GET /api/chats. */
  listPageSize: 30,
  /** Hard cap of a text whatever the site's message_length says (a site setting cannot make it bigger). */
  maxBodyLength: 5000,
  /** Sends a member may make in a minute (text, photo and gift together): a person never hits it. */
  sendsPerMinute: 60,
  /** Characters of the last message the chat list shows. */
  previewLength: 80,
} as const;

/** Error codes the chat endpoints answer (besides not_found, validation and authentication ones). */
export const CHAT_ERRORS = {
  /** Not enough credits for this message: 'Je hebt onvoldoende credits' with a buy button (C-03). HTTP 402. */
  insufficientCredits: 'insufficient_credits',
  /** 'Deze functie is alleen beschikbaar voor premium leden.' (C-04). HTTP 403. */
  premiumOnly: 'premium_only',
  /** A free member tried to start a third conversation (spec §6). HTTP 403, message chat.free_conversation_limit. */
  freeConversationLimit: 'free_conversation_limit',
  /** The other member has not confirmed their e-mail address and cannot receive messages yet. HTTP 409. */
  recipientUnconfirmed: 'recipient_unconfirmed',
  /**
   * The sender has not confirmed their own e-mail address: no new conversation and no message until
   * they do (the refusal offers a new activation mail). HTTP 403.
   */
  senderUnconfirmed: 'sender_unconfirmed',
  /** Blocked (either way), deleted, banned or invisible: no messages. HTTP 409 (403 for the own block). */
  unavailable: 'member_unavailable',
  /** The viewer blocked this member: unblock first. HTTP 409. */
  blockedByMe: 'blocked',
  /** Writing to oneself. HTTP 400. */
  self: 'chat_self',
  /** The same client_id was used before for a different message. HTTP 409. */
  clientIdReused: 'client_id_reused',
  /** Unknown gift code. HTTP 400. */
  unknownGift: 'unknown_gift',
} as const;

/** Multipart fields of POST /api/chats/:id/photos besides the file (field name PHOTO_UPLOAD.field). */
export const CHAT_PHOTO_FIELDS = { clientId: 'client_id' } as const;
