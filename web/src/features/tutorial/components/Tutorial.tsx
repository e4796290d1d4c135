import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useNavigate } from '../../../lib/router';
import { Dialog } from '../../../components/ui/Dialog';
import { notify } from '../../../components/ui/notices-store';
import { meQueryKey, updateMe, type MeResponse } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { errorMessage, useT } from '../../../lib/i18n';
import { touchOnly } from '../../../lib/pointer';
import { findTarget, supportsAnchors, TOUR_STEPS } from '../steps';
import './tutorial.css';

/** True when step `i` can point at its element (on screen, and the browser positions by anchors). */
function canAnchor(i: number): boolean {
  const step = TOUR_STEPS[i];
  return step !== undefined && supportsAnchors() && findTarget(step.target) !== null;
}

export interface TutorialProps {
  /** 'Später' or Escape: close without saving. */
  onLater: () => void;
}

/** Another dialog is open: 'Team gründen' (perhaps with a typed name), the profile, a confirmation. */
const otherDialogOpen = () => document.querySelector('dialog[open]:not(.tour)') !== null;

/**
 * The tour waits while another dialog is open and on the team page (/team),
 * where 'Team gründen' is: it never covers them, and its 'Fertig'
 * (which goes to /chat) never takes a typed team name away. It opens once
 * the user is elsewhere and the dialog closed.
 */
function useTourWaits(): boolean {
  const [path] = useLocation();
  const [dialogOpen, setDialogOpen] = useState(otherDialogOpen);
  useEffect(() => {
    // A dialog opens or closes by its open attribute, or by being added or removed.
    const check = () => setDialogOpen(otherDialogOpen());
    const observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    // a dialog that closed between the first render and now (the profile popup's Speichern)
    check();
    return () => observer.disconnect();
  }, []);
  return dialogOpen || path === '/team';
}

/** The guided tutorial, once nothing it would cover is on screen (useTourWaits). */
export function Tutorial(props: TutorialProps) {
  return useTourWaits() ? null : <Tour {...props} />;
}

/**
 * The guided tutorial: six steps, each pointing at an element of the screen
 * (or centred when that element is not on screen). Buttons Zurück, Später,
 * Weiter / Fertig; keys → (next), ← (back), Escape (later). 'Fertig' saves
 * has_seen_intro = true and goes to /chat.
 */
function Tour({ onLater }: TutorialProps) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { session } = useAuth();
  const userId = session?.user.id ?? '';
  const [index, setIndex] = useState(0);
  const [anchored, setAnchored] = useState(() => canAnchor(0));
  // The keys are advice for a keyboard: a touch-only screen has none.
  const [keyboardAdvice] = useState(() => !touchOnly());
  const next = useRef<HTMLButtonElement>(null);
  const step = TOUR_STEPS[index] ?? TOUR_STEPS[0];
  const last = index === TOUR_STEPS.length - 1;

  const finish = useMutation({
    mutationFn: () => updateMe({ has_seen_intro: true }),
    onSuccess: (me) => {
      queryClient.setQueryData<MeResponse>(meQueryKey(userId), me);
      navigate('/chat');
    },
    onError: (err) => notify({ tone: 'error', text: errorMessage(err, t) }, 4000),
  });

  const goTo = (target: number) => {
    const i = Math.min(Math.max(target, 0), TOUR_STEPS.length - 1);
    setIndex(i);
    setAnchored(canAnchor(i));
  };

  // Keys work wherever the focus is inside the tutorial: → next, ← back, Escape later.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
        event.preventDefault();
        const delta = event.key === 'ArrowRight' ? 1 : -1;
        const i = Math.min(Math.max(index + delta, 0), TOUR_STEPS.length - 1);
        setIndex(i);
        setAnchored(canAnchor(i));
      } else if (event.key === 'Escape') {
        event.preventDefault();
        onLater();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [index, onLater]);

  // Bring the step's element into view; the primary button keeps the focus.
  useLayoutEffect(() => {
    if (!step) return;
    const target = findTarget(step.target);
    if (target && typeof target.scrollIntoView === 'function') {
      target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
    next.current?.focus();
  }, [step]);

  if (!step) return null;
  const classes = ['tour', anchored ? `tour--anchored tour--at-${step.target} tour--${step.placement}` : 'tour--centred'];

  return (
    <Dialog
      open
      title={t(step.title)}
      onClose={onLater}
      closeButton={false}
      className={classes.join(' ')}
      describedBy="tour-text"
    >
      {anchored ? <span className="tour__spot" aria-hidden="true" /> : null}
      <div className="tour__body">
        <p className="tour__count">{t('tour.step', { n: index + 1, total: TOUR_STEPS.length })}</p>
        <p id="tour-text" className="tour__text">
          {t(step.text)}
        </p>
        {keyboardAdvice ? <p className="tour__keys">{t('tour.keys')}</p> : null}
        <div className="tour__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            aria-disabled={index === 0 ? 'true' : undefined}
            onClick={() => goTo(index - 1)}
          >
            {t('tour.back')}
          </button>
          <button type="button" className="button button--secondary button--small" onClick={onLater}>
            {t('tour.later')}
          </button>
          <button
            ref={next}
            type="button"
            className="button button--primary button--small"
            data-autofocus=""
            disabled={finish.isPending}
            onClick={() => (last ? finish.mutate() : goTo(index + 1))}
          >
            {last ? t('tour.done') : t('tour.next')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
