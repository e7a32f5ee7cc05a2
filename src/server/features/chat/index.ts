// The chat feature as other features see it (decision 0025): import from here, never from its files.

// For the data export.
export { findConversationBetween, insertConversation, unreadSumQuery } from './conversation-queries.ts';
// For the chat desk (back office, O-05): an operator answers as a fictional profile through the one send path.
export { answerAsFictional, type FictionalDraft, sendAsOperator } from './operator.ts';
// For the demo seed: its chats are sent as members and operators send them.
export type { ChatDeps } from './present.ts';
export { messagesOf } from './queries.ts';
export { sendMessage } from './send.ts';
