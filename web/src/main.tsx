import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { boot } from './app/boot';
import { preloadScreen } from './app/preload';
import { createQueryClient } from './app/query-client';
import { REF_STORAGE_KEY } from './lib/auth';
import './styles/global.css';

// Keep a referral code from any app URL for the registration form.
const ref = new URLSearchParams(window.location.search).get('ref');
if (ref && /^[A-Za-z0-9_-]{1,64}$/.test(ref)) {
  try {
    window.localStorage.setItem(REF_STORAGE_KEY, ref);
  } catch {
    // storage disabled: the login page still reads ?ref= from its URL
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

const queryClient = createQueryClient();
void boot(queryClient);

// The first screen's chunks are in flight already (the server names them as
// modulepreload links); rendering once they are in means nothing suspends on
// the first paint (see lazyChunk). index.html shows the status meanwhile.
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
preloadScreen(window.location.pathname.replace(/^\/app(?=\/|$)/, '')).then(render, render);
