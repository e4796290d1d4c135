import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { meQueryOptions } from '../lib/api';
import { useAuth } from '../lib/auth';
import { lazyChunk, useShown } from '../lib/chunks';
import { closeProfileDialog, noteReauthReturn, openProfileDialog, useProfileDialogOpen } from '../lib/profile-dialog';

const ProfileDialog = lazyChunk(() => import('../features/profile').then((m) => ({ default: m.ProfileDialog })), ['profile']);
const Tutorial = lazyChunk(() => import('../features/tutorial').then((m) => ({ default: m.Tutorial })), ['tutorial']);

/** sessionStorage flag: 'Später' hides the tutorial until the next browser session. */
export const TOUR_LATER_KEY = 'sc.tour.later';

function readLater(): boolean {
  try {
    return window.sessionStorage.getItem(TOUR_LATER_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * What a regular user's screens show on top (lazy-loaded, not in the login
 * bundle): the profile popup, forced open while the profile has no product
 * description, and the guided tutorial until has_seen_intro is true. (Admins
 * have their own layout: they are never forced and see no tutorial.)
 */
export function UserOverlays() {
  const { session } = useAuth();
  const me = useQuery({ ...meQueryOptions(session?.user.id ?? ''), enabled: Boolean(session) });
  const requested = useProfileDialogOpen();
  // Back from confirming an account deletion with Google/Apple: the
  // profile opens with its deletion dialog; the parameter goes from the URL.
  const [search, setSearch] = useSearchParams();
  const reauth = search.get('reauth');
  useEffect(() => {
    if (!noteReauthReturn(reauth)) return;
    openProfileDialog();
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('reauth');
        return next;
      },
      { replace: true },
    );
  }, [reauth, setSearch]);
  const missingProduct = me.data ? me.data.profile.product_description.trim() === '' : false;
  // Once forced, the popup stays forced until a Save with a product closes it
  // (an autosave of the first letters must not make it closable mid-typing).
  const [forced, setForced] = useState(false);
  if (missingProduct && !forced) setForced(true);
  const [later, setLater] = useState(readLater);

  const profileOpen = requested || forced;
  // Stays mounted after the first opening, so closing returns the focus.
  const profileUsed = useShown(profileOpen);
  const showTour = Boolean(me.data) && me.data?.profile.has_seen_intro !== true && !profileOpen && !later;

  return (
    <Suspense fallback={null}>
      {profileUsed ? (
        <ProfileDialog
          open={profileOpen}
          forced={forced}
          onClose={() => {
            closeProfileDialog();
            setForced(false);
          }}
        />
      ) : null}
      {showTour ? (
        <Tutorial
          onLater={() => {
            try {
              window.sessionStorage.setItem(TOUR_LATER_KEY, '1');
            } catch {
              // storage disabled: hidden for this page only
            }
            setLater(true);
          }}
        />
      ) : null}
    </Suspense>
  );
}
