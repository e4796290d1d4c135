import { useMutation, useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useHistoryState, useNavigate } from '../../../lib/router';
import { WithTooltip } from '../../../components/ui/Tooltip';
import { PlusIcon } from '../../../components/ui/icons/app';
import { LevelGauge } from '../../../components/ui/LevelGauge';
import { notify } from '../../../components/ui/notices-store';
import { setActiveConversation } from '../../../lib/active-conversation';
import { lazyPart, loadChunk, useShown, withMessages } from '../../../lib/chunks';
import { afterLoadWhenIdle } from '../../../lib/idle';
import { ApiError, meQueryOptions, type ChatMode, type Difficulty } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/document-title';
import { useT, type MessageKey } from '../../../lib/i18n';
import { levelView } from '../../../lib/progress';
import { fetchHint } from '../api/hint';
import { fetchPerfectMessage } from '../api/perfect-message';
import { preflightQueryOptions } from '../api/preflight';
import { hintBlock, inputBlock, type ChatAssignment, type ChatFocus, type ChatScenario, type HintBlock, type InputBlock } from '../hooks/chat-state';
import { CHAT_TOAST_MS, DIFFICULTY_KEYS, useChat } from '../hooks/useChat';
import { useVoiceCall } from '../hooks/useVoiceCall';
import { clearVoiceCallRequest, useVoiceCallRequested } from '../../../lib/voice-call-request';
import type { PdfAttachment } from '../lib/attach-pdf';
import { countPlaceholders } from '../lib/placeholders';
import { ChallengeRings } from './ChallengeRings';
import { InputBar } from './InputBar';
import { WelcomePanel } from './WelcomePanel';
import './chat.css';
import './chat-phone.css';

// What the first paint (the welcome panel) does not show loads when it is
// first needed, or earlier once the page is idle (ChatPage): the transcript,
// the hint dialog and the one that asks before the perfect answer replaces typed text, a practice's progress bar, the
// evaluation, the voice call's bar and dialog. The voice loop loads with a
// call (useVoiceCall), the PDF reader with a file.
// The transcript, the hint popup, the perfect answer, the live score, the
// evaluation and the voice call's parts bring their texts (a catalogue part
// of their own) with them.
const withTexts = <M,>(load: () => Promise<M>) => withMessages(load, ['chatParts']);
const loadTranscript = withTexts(() => import('./MessageList'));
const loadDialogs = withTexts(() => import('./HintPopup'));
const loadProgress = withTexts(() => import('./PracticeProgress'));
const loadEvaluation = withTexts(() => import('./EvaluationPanel'));
const loadVoiceParts = withTexts(() => import('./VoiceCall'));
const MessageList = lazyPart(loadTranscript, 'MessageList');
const HintPopup = lazyPart(loadDialogs, 'HintPopup');
const ReplaceInputDialog = lazyPart(loadDialogs, 'ReplaceInputDialog');
const PracticeProgress = lazyPart(loadProgress, 'PracticeProgress');
const EvaluationPanel = lazyPart(loadEvaluation, 'EvaluationPanel');
// Only an exam shows it: it comes with the evaluation's chunk.
const FinishExamButton = lazyPart(loadEvaluation, 'FinishExamButton');
const VoiceStatusBar = lazyPart(loadVoiceParts, 'VoiceStatusBar');
const MicrophoneDialog = lazyPart(loadVoiceParts, 'MicrophoneDialog');
// Only a chat on a scenario shows it.
const loadScenarioHeader = withTexts(() => import('./ScenarioHeader'));
const ScenarioHeader = lazyPart(loadScenarioHeader, 'ScenarioHeader');

// 'Mit meinem Team teilen' (issue 27) comes with the transcript's chunk (the
// first page's script names no team chunk); it loads its texts itself and
// shows nothing to someone without a team.
const ShareWithTeam = lazyPart(loadTranscript, 'ShareWithTeam');

/** Fetches the chat's parts in the background, so a click does not wait for them (a failure shows when a part renders). */
function prefetchParts() {
  for (const load of [loadTranscript, loadDialogs, loadProgress, loadEvaluation, loadVoiceParts]) load().catch(() => undefined);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Router state the sidebar, the logo and 'Als Nächstes üben' (a practice's difficulty and focus) send to /chat. */
export interface ChatLocationState {
  mode?: ChatMode;
  difficulty?: Difficulty;
  focus?: ChatFocus;
  /** 'Mit diesem Szenario starten' */
  scenario?: ChatScenario;
  /** 'Aufgaben' on the dashboard: a team assignment (its mode and difficulty come along) */
  assignment?: ChatAssignment;
  conversationId?: string;
  newChat?: boolean;
}

const INPUT_BLOCK_TEXT: Record<Exclude<InputBlock, null>, MessageKey> = {
  noMode: 'chat.tip.noMode',
  noDifficulty: 'chat.tip.noDifficulty',
  notStarted: 'chat.tip.pressStart',
  busy: 'chat.tip.busy',
  completed: 'chat.tip.completed',
};

const HINT_BLOCK_TEXT: Record<Exclude<HintBlock, null>, MessageKey> = {
  practiceOnly: 'chat.tip.practiceOnly',
  noConversation: 'chat.tip.noConversation',
  busy: 'chat.tip.busy',
  completed: 'chat.tip.completed',
};

/** Scrolls the chat's body to its end once mounted: beside the lazily loaded transcript, it mounts when the transcript shows. */
function ScrollToEnd() {
  useLayoutEffect(() => {
    const el = document.querySelector('.chat__body');
    if (el) el.scrollTop = el.scrollHeight;
  }, []);
  return null;
}

/** Shown while a part of the chat loads: to screen readers only, or (visible) as a line with a spinner. */
function PartLoading({ visible = false }: { visible?: boolean }) {
  const t = useT();
  if (!visible) {
    return (
      <span className="visually-hidden" role="status">
        {t('common.loading')}
      </span>
    );
  }
  return (
    <p className="chat__loading" role="status">
      <span className="spinner spinner--small" aria-hidden="true" />
      {t('common.loading')}
    </p>
  );
}

/** The chat screen (/chat). */
export function ChatPage() {
  const t = useT();
  const navigate = useNavigate();
  // Each navigation to /chat writes a new history state (or null).
  const historyState = useHistoryState<ChatLocationState | null>();
  const { session } = useAuth();
  const me = useQuery({ ...meQueryOptions(session?.user.id ?? ''), enabled: Boolean(session) });
  const preflight = useQuery(preflightQueryOptions());
  const chat = useChat({
    // keep the open chat in the history entry, so a reload restores it
    onStarted: (conversationId) => navigate('/chat', { replace: true, state: { conversationId } }),
  });
  const { state } = chat;
  const [text, setText] = useState('');
  const [pdf, setPdf] = useState<PdfAttachment | null>(null);
  const [pdfReading, setPdfReading] = useState(false);
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const [hintOpen, setHintOpen] = useState(false);
  // A perfect answer waiting for the user's consent to replace the text in the input.
  const [perfectText, setPerfectText] = useState<string | null>(null);
  // Each increment makes the input select its first placeholder (InputBar).
  const [placeholderRequest, setPlaceholderRequest] = useState(0);
  const hint = useMutation({ mutationFn: (id: string) => fetchHint(id) });
  const perfect = useMutation({ mutationFn: (id: string) => fetchPerfectMessage(id) });
  const voice = useVoiceCall((message, onToken, callId) => chat.reply(message, null, onToken, callId));
  const callRequested = useVoiceCallRequested();
  const hintShown = useShown(hintOpen);
  const perfectShown = useShown(perfectText !== null);
  const microphoneShown = useShown(voice.permissionOpen);
  const evaluationShown = state.evaluation !== null || state.evaluationStatus !== 'idle';

  useDocumentTitle(t('chat.title'));
  useEffect(() => afterLoadWhenIdle(prefetchParts), []);

  const stateConversation = useRef(state.conversationId);
  // The sidebar's 'Neuer Chat' ({mode}), the logo ({newChat}) and the history ({conversationId}).
  const { open, reset } = chat;
  useEffect(() => {
    const requested = historyState;
    const clear = () => {
      setPdf(null);
      setHintOpen(false);
      setPerfectText(null);
    };
    if (requested?.conversationId && UUID.test(requested.conversationId)) {
      if (requested.conversationId !== stateConversation.current) clear();
      open(requested.conversationId);
    } else if (requested?.mode === 'Übung' || requested?.mode === 'Prüfung') {
      clear();
      // a scenario's start dialog and 'Als Nächstes üben' chose the mode and difficulty already
      const chosen = Boolean(requested.scenario || requested.focus);
      reset(requested.mode, requested.difficulty, requested.focus, requested.scenario, requested.assignment, chosen);
    } else if (requested?.newChat) {
      clear();
      reset(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each navigation counts once
  }, [historyState]);

  useLayoutEffect(() => {
    stateConversation.current = state.conversationId;
  }, [state.conversationId]);
  useEffect(() => {
    setActiveConversation(state.conversationId);
  }, [state.conversationId]);
  useEffect(() => () => setActiveConversation(null), []);

  // Keep the newest message in view while the reply streams.
  const body = useRef<HTMLDivElement>(null);
  const lastMessage = state.messages.at(-1);
  const scrollKey = `${state.messages.length}:${lastMessage?.content.length ?? 0}:${state.evaluationStatus}:${state.evaluation ? 1 : 0}:${state.error ? 1 : 0}`;
  const atWelcome = !state.started && !state.conversationId;
  useEffect(() => {
    const el = body.current;
    if (el && !atWelcome) el.scrollTop = el.scrollHeight;
  }, [scrollKey, atWelcome]);

  // Focus the input once the chat is ready for the first message.
  useEffect(() => {
    if (state.started && !state.busy && !state.conversationId && state.messages.length > 0) {
      textarea.current?.focus();
    }
  }, [state.started, state.busy, state.conversationId, state.messages.length]);

  const block = inputBlock(state);
  const blockText = block ? t(INPUT_BLOCK_TEXT[block]) : null;
  const hintState = hintBlock(state);
  const hintText = hintState ? t(HINT_BLOCK_TEXT[hintState]) : null;
  // The sidebar's 'Telefonieren': a call in the current chat, or the reason there can be none.
  const callBlocked = voice.blockedBecause ?? blockText;
  useEffect(() => {
    if (!callRequested || !voice.ready) return;
    clearVoiceCallRequest();
    if (voice.state !== 'off') return;
    if (callBlocked) notify({ tone: 'warning', text: callBlocked }, CHAT_TOAST_MS);
    else void voice.start();
  }, [callRequested, voice, callBlocked]);
  const engine = state.engine ?? preflight.data?.engine ?? null;
  const user = me.data?.user;
  const userName = user?.display_name || user?.email || session?.user.email || t('nav.guest');
  const welcome = atWelcome;
  const waiting = state.busy && state.messages.at(-1)?.role === 'user';

  const send = async (message: string) => {
    const attachment = pdf;
    setText('');
    const ok = await chat.send(message, attachment);
    if (ok) {
      if (attachment) setPdf(null);
      // Sent as it is (the server scores it as unfinished); only a note, nothing blocks.
      if (countPlaceholders(message) > 0) notify({ tone: 'warning', text: t('chat.placeholders.sentOpen') }, CHAT_TOAST_MS);
    } else {
      setText((current) => current || message);
    }
    requestAnimationFrame(() => textarea.current?.focus());
  };

  const attach = async (file: File) => {
    setPdfReading(true);
    try {
      const { readPdf } = await loadChunk(() => import('../lib/attach-pdf'));
      setPdf(await readPdf(file));
    } catch (err) {
      console.warn('pdf not read', err);
      notify(
        { tone: 'error', text: err instanceof Error && err.name === 'NotPdfError' ? t('chat.attach.onlyPdf') : t('chat.attach.failed') },
        CHAT_TOAST_MS,
      );
    } finally {
      setPdfReading(false);
    }
  };

  const openHint = () => {
    if (!state.conversationId || hintState) return;
    voice.stopSpeaking();
    perfect.reset();
    setHintOpen(true);
    hint.mutate(state.conversationId);
  };

  // The perfect answer is a model to adapt: it goes into the input (never
  // sent from here) with its first placeholder selected.
  const takePerfect = (answer: string) => {
    // The dialogs close first, so the focus they give back does not land after ours.
    flushSync(() => {
      setHintOpen(false);
      setPerfectText(null);
    });
    setText(answer);
    setPlaceholderRequest((n) => n + 1);
  };

  const loadPerfect = () => {
    if (!state.conversationId) return;
    perfect.mutate(state.conversationId, {
      onSuccess: (res) => {
        // The hint dialog is modal: the input still holds what it held at the click.
        const typed = text.trim();
        if (typed === '' || typed === res.message.trim()) {
          takePerfect(res.message);
          return;
        }
        flushSync(() => setHintOpen(false));
        setPerfectText(res.message);
      },
    });
  };

  const newChat = () => {
    setText('');
    navigate('/chat', { state: { newChat: true } });
  };

  const perfectError = perfect.isError
    ? perfect.error instanceof ApiError && perfect.error.message
      ? perfect.error.message
      : t('chat.perfect.error')
    : null;

  const modeLabel =
    state.mode === 'Übung'
      ? state.difficulty
        ? `${t('nav.mode.practice')} · ${t(DIFFICULTY_KEYS[state.difficulty])}`
        : t('nav.mode.practice')
      : state.mode === 'Prüfung'
        ? t('nav.mode.exam')
        : null;

  return (
    <div className="chat">
      <header className="chat__header">
        <div className="chat__heading">
          <h1 className="chat__title">{t('chat.title')}</h1>
          {modeLabel && !welcome ? <span className="chat__mode">{modeLabel}</span> : null}
          {state.scenario ? (
            <Suspense fallback={null}>
              <ScenarioHeader scenario={state.scenario} />
            </Suspense>
          ) : null}
        </div>
        <div className="chat__header-tools">
          <ChallengeRings userId={session?.user.id ?? ''} />
          <LevelGauge level={levelView(me.data?.level)} tipAlign="end" />
          {state.mode === 'Prüfung' && state.conversationId && !state.completed ? (
            <Suspense fallback={null}>
              <FinishExamButton disabled={state.busy} onConfirm={() => void chat.finishExam()} />
            </Suspense>
          ) : null}
          {state.conversationId && state.started ? (
            <Suspense fallback={null}>
              <ShareWithTeam conversationId={state.conversationId} />
            </Suspense>
          ) : null}
          {state.conversationId ? (
            <button type="button" className="button button--primary button--small" onClick={newChat}>
              <PlusIcon width={16} height={16} />
              {t('chat.newChat')}
            </button>
          ) : null}
        </div>
      </header>
      {/* A chat started from 'Aufgaben' names its assignment, on a line of its own under the header. */}
      {state.assignment ? <p className="chat__assignment">{t('chat.assignment', { title: state.assignment.title })}</p> : null}

      {state.mode === 'Übung' && state.started && !state.loading ? (
        <Suspense fallback={<PartLoading />}>
          <PracticeProgress
            stage={state.stage || 1}
            totalStages={state.totalStages || state.difficulty || 1}
            progress={state.progress}
            score={state.score}
            engine={engine}
          />
        </Suspense>
      ) : null}

      {/* It scrolls: focusable, so the keyboard can scroll it too. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region needs the focus (WCAG 2.1.1) */}
      <div className="chat__body" ref={body} tabIndex={0}>
        {welcome && state.startPending ? (
          <PartLoading visible />
        ) : welcome ? (
          <WelcomePanel
            mode={state.mode}
            difficulty={state.difficulty}
            maxDifficulty={state.scenario?.objectionCount}
            busy={state.busy}
            onMode={chat.selectMode}
            onDifficulty={chat.selectDifficulty}
            onStart={() => void chat.start()}
          />
        ) : state.loading ? (
          <p className="chat__loading" role="status">
            <span className="spinner spinner--small" aria-hidden="true" />
            {t('common.loading')}
          </p>
        ) : (
          <Suspense fallback={<PartLoading visible />}>
            <MessageList
              messages={state.messages}
              userName={userName}
              avatarUrl={user?.avatar_url}
              waiting={waiting}
              hasEvaluation={state.evaluation !== null}
              evaluationLoading={state.evaluationStatus === 'loading'}
              onRequestEvaluation={() => void chat.requestEvaluation()}
              onNewChat={newChat}
            />
            <ScrollToEnd />
          </Suspense>
        )}

        {state.completed &&
        !state.loading &&
        !state.evaluation &&
        state.evaluationStatus === 'idle' &&
        !state.messages.some((m) => m.isCompletion) ? (
          <div className="evaluation-request">
            <button type="button" className="button button--primary button--small" onClick={() => void chat.requestEvaluation()}>
              {t('chat.requestEvaluation')}
            </button>
          </div>
        ) : null}

        {evaluationShown ? (
          <Suspense fallback={<PartLoading visible />}>
            <EvaluationPanel
              evaluation={state.evaluation}
              status={state.evaluationStatus}
              error={state.evaluationError}
              onRetry={() => void chat.requestEvaluation()}
              engine={engine}
            />
          </Suspense>
        ) : null}

        {state.error ? (
          <div className="error-box" role="alert">
            <p className="error-box__title">{state.error.title}</p>
            {state.error.details ? <p className="error-box__details">{state.error.details}</p> : null}
            {state.mode ? (
              <button type="button" className="button button--primary button--small" onClick={() => void chat.restart()}>
                {t('chat.restart')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>

      {voice.state !== 'off' ? (
        <Suspense fallback={<PartLoading />}>
          <VoiceStatusBar state={voice.state} onEnd={voice.stop} />
        </Suspense>
      ) : null}
      <InputBar
        value={text}
        onChange={setText}
        onSend={(message) => void send(message)}
        blockedBecause={blockText}
        firstMessage={!state.conversationId}
        hintBlockedBecause={hintText}
        onHint={openHint}
        pdf={pdf}
        pdfReading={pdfReading}
        onPdf={(file) => void attach(file)}
        onRemovePdf={() => setPdf(null)}
        textareaRef={textarea}
        selectFirstPlaceholder={placeholderRequest}
        voice={{
          active: voice.state !== 'off',
          blockedBecause: callBlocked,
          onToggle: () => (voice.state === 'off' ? void voice.start() : voice.stop()),
        }}
      />
      {microphoneShown ? (
        <Suspense fallback={<PartLoading />}>
          <MicrophoneDialog open={voice.permissionOpen} onCancel={voice.closePermission} onRetry={voice.retryPermission} />
        </Suspense>
      ) : null}

      <footer className="chat__footer">
        <p className="chat__notice">{t('chat.notice')}</p>
        {engine === 'builtin' ? (
          <WithTooltip tip={t('chat.engine.builtinTip')} placement="above">
            {(describedBy) => (
              <span className="engine-label" aria-describedby={describedBy}>
                {t('chat.engine.builtin')}
              </span>
            )}
          </WithTooltip>
        ) : null}
      </footer>

      {hintShown ? (
        <Suspense fallback={<PartLoading />}>
          <HintPopup
            open={hintOpen}
            status={hint.isPending ? 'loading' : hint.isError ? 'error' : 'ready'}
            tip={hint.data?.tip ?? ''}
            perfectLoading={perfect.isPending}
            perfectError={perfectError}
            onClose={() => setHintOpen(false)}
            onApply={(tip) => {
              setText(tip);
              setHintOpen(false);
              requestAnimationFrame(() => textarea.current?.focus());
            }}
            onPerfect={loadPerfect}
          />
        </Suspense>
      ) : null}
      {perfectShown ? (
        <Suspense fallback={<PartLoading />}>
          <ReplaceInputDialog
            text={perfectText}
            onCancel={() => {
              flushSync(() => setPerfectText(null));
              textarea.current?.focus();
            }}
            onConfirm={takePerfect}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
