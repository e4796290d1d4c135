import type {
  ApiSchemas,
  ChatAnswer,
  ChatMode,
  ConversationDetail,
  Difficulty,
  EngineName,
  Evaluation,
  MessageRole,
  ObjectionFamilyKey,
  Score,
} from '../../../lib/api';

/** A message as the chat screen shows it. */
export interface UiMessage {
  id: string;
  role: MessageRole;
  content: string;
  pdfName?: string;
  isCompletion?: boolean;
  /** Client-only (the line after Start); never sent, kept on top when the server's list arrives. */
  local?: boolean;
  /** The customer's reply while it streams. */
  streaming?: boolean;
}

/** 'Als Nächstes üben': the objection family the customer raises first, and its name for the intro line. */
export interface ChatFocus {
  family: ObjectionFamilyKey;
  label: string;
}

type ApiChatScenario = ApiSchemas['ChatScenario'];

/** The scenario a chat plays (issue 28): the library's start sends it, the conversation keeps it. */
export type ChatScenario = Pick<ApiChatScenario, 'id' | 'title' | 'persona'> & {
  /** Its objections: the welcome panel offers no harder practice (a chat from the history has started already). */
  objectionCount?: number;
};

/** A team assignment the chat is started on ('Aufgaben' on the dashboard): sent as assignmentId with the first message. */
export interface ChatAssignment {
  id: string;
  title: string;
}

/** What the error box shows. */
export interface ChatError {
  title: string;
  details?: string;
}

export type EvaluationStatus = 'idle' | 'loading' | 'error';

export interface ChatState {
  mode: ChatMode | null;
  difficulty: Difficulty | null;
  /** Sent with the first message (focusFamily); null for a chat without one. */
  focus: ChatFocus | null;
  /** Sent with the first message (scenarioId); the header shows it. */
  scenario: ChatScenario | null;
  /** Sent with the first message (assignmentId); absent for a chat without one. */
  assignment?: ChatAssignment | null | undefined;
  /** Start was pressed (or a conversation was opened). */
  started: boolean;
  /** The mode and difficulty were chosen before the chat opened (a scenario's start dialog, 'Als Nächstes üben'): it starts without asking again. */
  startPending: boolean;
  conversationId: string | null;
  messages: UiMessage[];
  stage: number;
  totalStages: number;
  progress: number;
  completed: boolean;
  score: Score | null;
  /** A request is in flight (send, finish, the start check). */
  busy: boolean;
  /** A conversation from the history is loading. */
  loading: boolean;
  error: ChatError | null;
  evaluation: Evaluation | null;
  evaluationStatus: EvaluationStatus;
  evaluationError: string | null;
  engine: EngineName | null;
}

export const initialChatState: ChatState = {
  mode: null,
  difficulty: null,
  focus: null,
  scenario: null,
  started: false,
  startPending: false,
  conversationId: null,
  messages: [],
  stage: 0,
  totalStages: 0,
  progress: 0,
  completed: false,
  score: null,
  busy: false,
  loading: false,
  error: null,
  evaluation: null,
  evaluationStatus: 'idle',
  evaluationError: null,
  engine: null,
};

export type ChatAction =
  | {
      type: 'reset';
      mode?: ChatMode | null;
      difficulty?: Difficulty | null;
      focus?: ChatFocus | null;
      scenario?: ChatScenario | null;
      assignment?: ChatAssignment | null;
      /** The mode and difficulty were chosen already: start at once. */
      chosen?: boolean;
    }
  | { type: 'selectMode'; mode: ChatMode }
  | { type: 'selectDifficulty'; difficulty: Difficulty }
  | { type: 'checking' }
  | { type: 'started'; intro: UiMessage; engine?: EngineName | null }
  | { type: 'startRefused'; error: ChatError }
  | { type: 'sendStart'; message: UiMessage }
  | { type: 'token'; text: string }
  | { type: 'sendDone'; localId: string; answer: ChatAnswer; completionId: string }
  | { type: 'sendFailed'; localId: string; error: ChatError | null; conversationId?: string }
  | { type: 'score'; score: Score }
  | { type: 'busy'; busy: boolean }
  | { type: 'error'; error: ChatError | null }
  | { type: 'finished' }
  | { type: 'evaluationStart' }
  | { type: 'evaluationDone'; evaluation: Evaluation }
  | { type: 'evaluationFailed'; message: string }
  | { type: 'open'; conversationId: string }
  | { type: 'loaded'; detail: ConversationDetail; evaluation: Evaluation | null; evaluationError: string | null }
  | { type: 'sync'; detail: ConversationDetail; evaluation: Evaluation | null }
  | { type: 'loadFailed'; error: ChatError };

/** The customer's messages and ours as the server has them (reminder lines are never shown). */
export function serverMessages(detail: ConversationDetail): UiMessage[] {
  return detail.messages.map((m) => ({
    id: m.id,
    role: m.role,
    content: m.content,
    ...(m.pdfName ? { pdfName: m.pdfName } : {}),
    ...(m.isCompletion ? { isCompletion: true } : {}),
  }));
}

function fromDetail(state: ChatState, detail: ConversationDetail): ChatState {
  const c = detail.conversation;
  return {
    ...state,
    mode: c.mode,
    scenario: c.scenario ?? state.scenario,
    difficulty: c.mode === 'Übung' ? (c.difficulty ?? state.difficulty) : null,
    started: true,
    conversationId: c.id,
    messages: [...state.messages.filter((m) => m.local), ...serverMessages(detail)],
    stage: detail.stage,
    totalStages: detail.totalStages,
    progress: detail.progress,
    completed: detail.completed,
    score: c.mode === 'Übung' ? (detail.score ?? state.score) : null,
    engine: detail.engine,
  };
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'reset':
      return {
        ...initialChatState,
        engine: state.engine,
        mode: action.mode ?? null,
        difficulty: action.mode === 'Übung' ? (action.difficulty ?? null) : null,
        focus: action.mode === 'Übung' ? (action.focus ?? null) : null,
        scenario: action.scenario ?? null,
        assignment: action.assignment,
        startPending: Boolean(action.chosen && (action.mode === 'Prüfung' || (action.mode === 'Übung' && action.difficulty))),
      };
    case 'selectMode':
      // choosing a mode clears the difficulty (and a focus from 'Als Nächstes üben'); an assignment's mode is the server's
      return { ...state, mode: action.mode, difficulty: null, focus: null, error: null };
    case 'selectDifficulty':
      return { ...state, difficulty: action.difficulty, error: null };
    case 'checking':
      return { ...state, busy: true, error: null };
    case 'started':
      return {
        ...state,
        busy: false,
        started: true,
        startPending: false,
        messages: [action.intro],
        engine: action.engine ?? state.engine,
        error: null,
      };
    case 'startRefused':
      return { ...state, busy: false, startPending: false, error: action.error };
    case 'sendStart':
      return { ...state, busy: true, error: null, messages: [...state.messages, action.message] };
    case 'token': {
      const last = state.messages.at(-1);
      if (last?.streaming) {
        return {
          ...state,
          messages: [...state.messages.slice(0, -1), { ...last, content: last.content + action.text }],
        };
      }
      return {
        ...state,
        messages: [
          ...state.messages,
          { id: `stream-${state.messages.length}`, role: 'assistant', content: action.text, streaming: true },
        ],
      };
    }
    case 'sendDone': {
      const { answer } = action;
      const messages = state.messages
        .filter((m) => !m.streaming)
        .map((m) => (m.id === action.localId ? { ...m, id: answer.userMessageId || m.id } : m));
      messages.push({ id: answer.assistantMessageId || `reply-${messages.length}`, role: 'assistant', content: answer.message });
      if (answer.completed) {
        messages.push({ id: action.completionId, role: 'system', content: '', isCompletion: true });
      }
      const practice = state.mode === 'Übung';
      return {
        ...state,
        busy: false,
        conversationId: answer.conversationId || state.conversationId,
        messages,
        stage: answer.stage,
        totalStages: answer.totalStages,
        progress: answer.progress,
        completed: answer.completed,
        score: practice ? (answer.score ?? state.score) : null,
      };
    }
    case 'sendFailed':
      return {
        ...state,
        busy: false,
        error: action.error,
        // A failed first message still created the chat: the next send continues it.
        conversationId: state.conversationId ?? action.conversationId ?? null,
        messages: state.messages.filter((m) => !m.streaming && m.id !== action.localId),
      };
    case 'score':
      return state.mode === 'Übung' ? { ...state, score: action.score } : state;
    case 'busy':
      return { ...state, busy: action.busy };
    case 'error':
      return { ...state, error: action.error };
    case 'finished':
      return { ...state, busy: false, completed: true };
    case 'evaluationStart':
      return { ...state, evaluationStatus: 'loading', evaluationError: null };
    case 'evaluationDone':
      return { ...state, evaluationStatus: 'idle', evaluation: action.evaluation, evaluationError: null };
    case 'evaluationFailed':
      return { ...state, evaluationStatus: 'error', evaluationError: action.message };
    case 'open':
      return { ...initialChatState, engine: state.engine, conversationId: action.conversationId, started: true, loading: true };
    case 'loaded':
      return {
        ...fromDetail({ ...state, messages: [] }, action.detail),
        loading: false,
        evaluation: action.evaluation,
        evaluationStatus: action.evaluationError ? 'error' : 'idle',
        evaluationError: action.evaluationError,
      };
    case 'sync': {
      if (state.busy || state.loading || state.conversationId !== action.detail.conversation.id) return state;
      const next = fromDetail(state, action.detail);
      return { ...next, evaluation: state.evaluation ?? action.evaluation };
    }
    case 'loadFailed':
      return { ...initialChatState, engine: state.engine, error: action.error };
  }
}

export type InputBlock = 'noMode' | 'noDifficulty' | 'notStarted' | 'busy' | 'completed' | null;

/**
 * Why the input is disabled, or null: no mode, a request in flight, no
 * messages yet (before Start), or the conversation is complete.
 */
export function inputBlock(state: ChatState): InputBlock {
  if (!state.mode) return 'noMode';
  if (state.completed) return 'completed';
  if (state.busy || state.loading) return 'busy';
  if (state.messages.length === 0) {
    return state.mode === 'Übung' && !state.difficulty ? 'noDifficulty' : 'notStarted';
  }
  return null;
}

export type HintBlock = 'practiceOnly' | 'noConversation' | 'busy' | 'completed' | null;

/** The hint works only in practice mode with an existing, running conversation. */
export function hintBlock(state: ChatState): HintBlock {
  if (state.mode !== 'Übung') return 'practiceOnly';
  if (state.completed) return 'completed';
  if (!state.conversationId) return 'noConversation';
  if (state.busy || state.loading) return 'busy';
  return null;
}

/** How many of the server's messages the screen has (to spot a stale snapshot). */
export function countServerMessages(state: ChatState): number {
  return state.messages.filter((m) => !m.local && !m.streaming).length;
}
