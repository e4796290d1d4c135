import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import { notify } from '../../../components/ui/notices-store';
import {
  ApiError,
  conversationQueryKey,
  conversationQueryOptions,
  conversationsQueryKey,
  type ChatMode,
  type ChatRequest,
  type Difficulty,
} from '../../../lib/api';
import { errorMessage, formatDay, loadMessages, useI18n, type MessageKey } from '../../../lib/i18n';
import { usageQueryKey } from '../../../lib/realtime';
import { requestEvaluation, parseEvaluation, UnreadableEvaluationError } from '../api/evaluation';
import { finishExam } from '../api/finish';
import { preflightQueryOptions } from '../api/preflight';
import { fetchScore } from '../api/score';
import { sendChatMessage, StreamError } from '../api/send-message';
import type { PdfAttachment } from '../lib/attach-pdf';
import {
  chatReducer,
  countServerMessages,
  initialChatState,
  serverMessages,
  type ChatError,
  type ChatFocus,
  type ChatAssignment,
  type ChatScenario,
  type ChatState,
} from './chat-state';

/** Toasts of the chat last 4000 ms. */
export const CHAT_TOAST_MS = 4000;

export const DIFFICULTY_KEYS: Record<Difficulty, MessageKey> = {
  1: 'difficulty.1',
  2: 'difficulty.2',
  3: 'difficulty.3',
};

let localSeq = 0;
const localId = (prefix: string) => `${prefix}-${++localSeq}`;

/** The monthly limit answers 429 without Retry-After (a rate limit has one). */
function isLimitError(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status === 429 && err.retryAfter === undefined;
}

/**
 * The model server cannot be reached (or broke off mid-stream): a 503, or a
 * stream's error event, that says when to try again.
 */
function isUnreachableError(err: unknown): err is ApiError {
  return (
    err instanceof ApiError && (err.status === 503 || err instanceof StreamError) && err.retryAfter !== undefined
  );
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

export interface ChatController {
  state: ChatState;
  selectMode: (mode: ChatMode) => void;
  selectDifficulty: (difficulty: Difficulty) => void;
  /** Checks the quota and opens the chat; the first message starts it on the server. */
  start: () => Promise<void>;
  /** Sends a message (trimmed; empty ones are ignored). Resolves to false when it failed. */
  send: (text: string, pdf?: PdfAttachment | null) => Promise<boolean>;
  /**
   * Sends like send; resolves to the customer's reply, or null when nothing
   * was answered. onToken receives the reply while it streams; callId makes
   * the message a turn of that voice call (the browser heard it).
   */
  reply: (
    text: string,
    pdf?: PdfAttachment | null,
    onToken?: (piece: string) => void,
    callId?: string,
  ) => Promise<string | null>;
  requestEvaluation: () => Promise<void>;
  finishExam: () => Promise<void>;
  /** 'Neu starten': the same mode (and difficulty) from the start. */
  restart: () => Promise<void>;
  /** 'Neuer Chat': everything cleared, optionally with a mode (and a practice's difficulty and focus) chosen; `chosen` starts it at once. */
  reset: (
    mode?: ChatMode | null,
    difficulty?: Difficulty,
    focus?: ChatFocus,
    scenario?: ChatScenario,
    assignment?: ChatAssignment,
    chosen?: boolean,
  ) => void;
  /** Opens a conversation from the history (no-op when it is open). */
  open: (conversationId: string) => void;
}

/** The chat screen's state and every action on it. */
export function useChat(options: { onStarted?: (conversationId: string) => void } = {}): ChatController {
  const { t, lang } = useI18n();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  // Async actions read the latest state and callback (set after each commit).
  const stateRef = useRef(state);
  const abortRef = useRef<AbortController | null>(null);
  const onStartedRef = useRef(options.onStarted);
  useLayoutEffect(() => {
    stateRef.current = state;
    onStartedRef.current = options.onStarted;
  });

  useEffect(() => () => abortRef.current?.abort(), []);

  // The open conversation follows the server (live updates invalidate it).
  const detail = useQuery({
    ...conversationQueryOptions(state.conversationId ?? ''),
    enabled: Boolean(state.conversationId),
  });

  useEffect(() => {
    const data = detail.data;
    const s = stateRef.current;
    if (!data || data.conversation.id !== s.conversationId) return;
    let evaluation = null;
    let evaluationError: string | null = null;
    try {
      evaluation = parseEvaluation(data.evaluation);
    } catch {
      evaluationError = t('chat.evaluation.unreadable');
    }
    if (s.loading) {
      dispatch({ type: 'loaded', detail: data, evaluation, evaluationError });
      return;
    }
    // A snapshot taken mid-turn lacks the reply: never go back.
    if (serverMessages(data).length < countServerMessages(s)) return;
    dispatch({ type: 'sync', detail: data, evaluation });
  }, [detail.data, detail.dataUpdatedAt, t]);

  useEffect(() => {
    if (!detail.isError || !stateRef.current.loading) return;
    dispatch({ type: 'loadFailed', error: { title: t('chat.conversationFailed') } });
  }, [detail.isError, t]);

  const selectMode = useCallback((mode: ChatMode) => dispatch({ type: 'selectMode', mode }), []);
  const selectDifficulty = useCallback(
    (difficulty: Difficulty) => dispatch({ type: 'selectDifficulty', difficulty }),
    [],
  );

  const reset = useCallback(
    (
      mode: ChatMode | null = null,
      difficulty?: Difficulty,
      focus?: ChatFocus,
      scenario?: ChatScenario,
      assignment?: ChatAssignment,
      chosen?: boolean,
    ) => {
      abortRef.current?.abort();
      abortRef.current = null;
      dispatch({ type: 'reset', mode, difficulty, focus, scenario, assignment, chosen });
    },
    [],
  );

  const open = useCallback((conversationId: string) => {
    if (stateRef.current.conversationId === conversationId) return;
    abortRef.current?.abort();
    abortRef.current = null;
    dispatch({ type: 'open', conversationId });
  }, []);

  const start = useCallback(async () => {
    const s = stateRef.current;
    if (!s.mode || (s.mode === 'Übung' && !s.difficulty) || s.busy) return;
    dispatch({ type: 'checking' });
    let engine = null;
    try {
      const preflight = await queryClient.query({ ...preflightQueryOptions(), staleTime: 0 });
      engine = preflight.engine;
      if (!preflight.allowed) {
        // where no plan can be bought, the limit says when the quota renews instead of asking for an upgrade;
        // its texts are in the chat's later part, off the first paint
        await loadMessages(['chatParts']);
        const details = preflight.plansForSale
          ? t('chat.limit.details', { limit: preflight.limit })
          : t('chat.limit.renews', { limit: preflight.limit, date: formatDay(lang, preflight.renewsOn) });
        dispatch({ type: 'startRefused', error: { title: t('chat.limit.title'), details } });
        return;
      }
    } catch (err) {
      // The server checks the quota again when the chat starts.
      console.warn('preflight failed', err);
    }
    const content =
      s.mode === 'Übung' && s.difficulty
        ? t('chat.intro.practice', { difficulty: t(DIFFICULTY_KEYS[s.difficulty]) + (s.focus ? ` · ${s.focus.label}` : '') })
        : t('chat.intro.exam');
    dispatch({ type: 'started', intro: { id: localId('intro'), role: 'system', content, local: true }, engine });
  }, [queryClient, t, lang]);

  // A chat whose mode and difficulty were chosen before it opened (a scenario's start dialog, 'Als Nächstes üben') starts without asking again.
  useEffect(() => {
    if (state.startPending) void start();
  }, [state.startPending, start]);

  const errorFor = useCallback(
    (err: unknown): ChatError => {
      if (isUnreachableError(err)) {
        // The title is the server's customer_unreachable, translated by its code.
        return {
          title: err.message || errorMessage(err, t),
          details: t('chat.retryAfter', { seconds: err.retryAfter ?? 30 }),
        };
      }
      if (err instanceof ApiError && err.message) {
        return err.details ? { title: err.message, details: err.details } : { title: err.message };
      }
      return { title: errorMessage(err, t) };
    },
    [t],
  );

  /** Sends a message; resolves to the customer's reply, or null when nothing was answered. */
  const reply = useCallback(
    async (text: string, pdf?: PdfAttachment | null, onToken?: (piece: string) => void, callId?: string): Promise<string | null> => {
      const s = stateRef.current;
      const message = text.trim();
      if (!message || !s.mode || s.busy || s.loading || s.completed || s.messages.length === 0) return null;
      const id = localId('local');
      dispatch({
        type: 'sendStart',
        message: { id, role: 'user', content: message, ...(pdf ? { pdfName: pdf.name } : {}) },
      });
      const isNew = !s.conversationId;
      const request: ChatRequest = isNew
        ? {
            mode: s.mode,
            ...(s.mode === 'Übung' && s.difficulty ? { difficulty: s.difficulty } : {}),
            ...(s.focus ? { focusFamily: s.focus.family } : {}),
            ...(s.scenario ? { scenarioId: s.scenario.id } : {}),
            ...(s.assignment ? { assignmentId: s.assignment.id } : {}),
            message,
          }
        : { conversationId: s.conversationId ?? undefined, message };
      if (pdf) {
        request.pdfName = pdf.name;
        request.pdfText = pdf.text;
      }
      if (callId) request.callId = callId;
      const controller = new AbortController();
      abortRef.current = controller;
      try {
        const answer = await sendChatMessage(request, {
          signal: controller.signal,
          onToken: (piece) => {
            if (controller.signal.aborted) return;
            dispatch({ type: 'token', text: piece });
            onToken?.(piece);
          },
        });
        if (controller.signal.aborted) return null;
        dispatch({ type: 'sendDone', localId: id, answer, completionId: localId('done') });
        void queryClient.invalidateQueries({ queryKey: ['me'] });
        void queryClient.invalidateQueries({ queryKey: conversationQueryKey(answer.conversationId) });
        if (isNew || answer.completed) void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
        if (isNew) {
          void queryClient.invalidateQueries({ queryKey: usageQueryKey });
          onStartedRef.current?.(answer.conversationId);
        }
        // A practice answer (not the opening) has a score; fetch it if the answer lacked one.
        if (s.mode === 'Übung' && !isNew && !answer.score) {
          try {
            dispatch({ type: 'score', score: await fetchScore(answer.conversationId) });
          } catch {
            notify({ tone: 'error', text: t('chat.scoreFailed') }, CHAT_TOAST_MS);
          }
        }
        return answer.message;
      } catch (err) {
        if (isAbort(err) || controller.signal.aborted) return null;
        if (isLimitError(err)) {
          if (isNew) {
            dispatch({
              type: 'sendFailed',
              localId: id,
              error: { title: err.message || t('chat.limit.title'), ...(err.details ? { details: err.details } : {}) },
            });
          } else {
            dispatch({ type: 'sendFailed', localId: id, error: null });
            notify({ tone: 'warning', text: t('chat.limit.toast') }, CHAT_TOAST_MS);
          }
          return null;
        }
        const created = isNew && err instanceof ApiError ? err.conversationId : undefined;
        dispatch({ type: 'sendFailed', localId: id, error: errorFor(err), ...(created ? { conversationId: created } : {}) });
        if (created) {
          void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
          void queryClient.invalidateQueries({ queryKey: usageQueryKey });
          onStartedRef.current?.(created);
        }
        return null;
      } finally {
        if (abortRef.current === controller) abortRef.current = null;
      }
    },
    [queryClient, t, errorFor],
  );

  /** Sends a message; resolves to whether it was answered. */
  const send = useCallback(
    async (text: string, pdf?: PdfAttachment | null): Promise<boolean> => (await reply(text, pdf)) !== null,
    [reply],
  );

  const evaluate = useCallback(async () => {
    const s = stateRef.current;
    if (!s.conversationId || s.evaluationStatus === 'loading') return;
    dispatch({ type: 'evaluationStart' });
    try {
      const evaluation = await requestEvaluation(s.conversationId);
      dispatch({ type: 'evaluationDone', evaluation });
      void queryClient.invalidateQueries({ queryKey: ['me'] });
    } catch (err) {
      const message =
        err instanceof UnreadableEvaluationError
          ? t('chat.evaluation.unreadable')
          : err instanceof ApiError && err.message
            ? err.message
            : t('chat.evaluation.failed');
      dispatch({ type: 'evaluationFailed', message });
    }
  }, [queryClient, t]);

  const finish = useCallback(async () => {
    const s = stateRef.current;
    if (s.mode !== 'Prüfung' || !s.conversationId || s.completed || s.busy) return;
    dispatch({ type: 'busy', busy: true });
    try {
      await finishExam(s.conversationId);
      dispatch({ type: 'finished' });
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
    } catch (err) {
      dispatch({ type: 'busy', busy: false });
      dispatch({ type: 'error', error: errorFor(err) });
      return;
    }
    await evaluate();
  }, [queryClient, errorFor, evaluate]);

  const restart = useCallback(async () => {
    const s = stateRef.current;
    abortRef.current?.abort();
    abortRef.current = null;
    dispatch({ type: 'reset', mode: s.mode, difficulty: s.difficulty, focus: s.focus, scenario: s.scenario, assignment: s.assignment });
    if (!s.mode || (s.mode === 'Übung' && !s.difficulty)) return;
    // the reducer ran: read the fresh state before starting
    stateRef.current = { ...initialChatState, mode: s.mode, difficulty: s.mode === 'Übung' ? s.difficulty : null, focus: s.focus, scenario: s.scenario };
    await start();
  }, [start]);

  return useMemo(
    () => ({
      state,
      selectMode,
      selectDifficulty,
      start,
      send,
      reply,
      requestEvaluation: evaluate,
      finishExam: finish,
      restart,
      reset,
      open,
    }),
    [state, selectMode, selectDifficulty, start, send, reply, evaluate, finish, restart, reset, open],
  );
}
