/**
 * The server's message codes. server-messages.json, the server's catalogue
 * with its German texts, is written by the Go test TestWebHasEveryServerMessage;
 * only its type is used here, since the server sends the German text with
 * every error anyway. A module of its own: the English texts
 * (messages/server.ts) and the translator that loads them (server.ts) both
 * need the type, and neither imports the other.
 */
export type ServerCode = keyof typeof import('./server-messages.json');
