import {
  PayPalButtons,
  PayPalScriptProvider,
  usePayPalScriptReducer,
  type ReactPayPalScriptOptions,
} from '@paypal/react-paypal-js';
import { useId } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { useT } from '../../../lib/i18n';

/** One plan a user without a subscription can take. */
export interface Offer {
  key: 'plus' | 'elite' | 'promo';
  /** 'Plus 29 € / Monat' */
  label: string;
  /** '250 Chats pro Monat' */
  detail: string;
  /** The admin's description of the promotion a promo code unlocked this offer with. */
  note?: string | undefined;
  /** PayPal's plan id. */
  planId: string;
  /** The subscription's custom_id (the user's id, and for the promo plan its code): see billing.CustomID. */
  customId: string;
}

export interface PayPalOffersProps {
  clientId: string;
  /** The script to load instead of PayPal's (tests and demos only: PAYPAL_SDK_URL). */
  sdkUrl?: string | undefined;
  offers: Offer[];
  /** The buyer approved at PayPal: confirm the subscription with our server. */
  onApprove: (subscriptionID: string, offer: Offer) => Promise<void>;
  /** PayPal's buttons reported a failure. */
  onError: () => void;
  /**
   * The buyer ticked the waiver of the right of withdrawal a paid plan's
   * start needs. Until then each offer shows a disabled button described by
   * the element `lockedReasonId` names, in place of PayPal's.
   */
  waiver: boolean;
  lockedReasonId: string;
}

/**
 * The plans with PayPal's subscription buttons, through PayPal's official
 * React wrapper, which loads PayPal's browser script with the client id in
 * subscription and vault mode. This module is its own chunk: it is loaded
 * only when the profile shows the offers, so neither the wrapper nor
 * PayPal's script weigh on the app's first load.
 */
function cspNonce(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;
}

export default function PayPalOffers({
  clientId,
  sdkUrl,
  offers,
  onApprove,
  onError,
  waiver,
  lockedReasonId,
}: PayPalOffersProps) {
  const options: ReactPayPalScriptOptions = {
    clientId,
    intent: 'subscription',
    vault: true,
    components: 'buttons',
    ...(sdkUrl ? { sdkBaseUrl: sdkUrl } : {}),
    // The page's CSP nonce (the server puts it in a meta tag when payments
    // are on): PayPal's script puts it on the styles and scripts it adds inline.
    ...(cspNonce() ? { dataCspNonce: cspNonce() } : {}),
  };
  return (
    <PayPalScriptProvider options={options}>
      <OfferList
        offers={offers}
        onApprove={onApprove}
        onError={onError}
        waiver={waiver}
        lockedReasonId={lockedReasonId}
      />
    </PayPalScriptProvider>
  );
}

function OfferList({
  offers,
  onApprove,
  onError,
  waiver,
  lockedReasonId,
}: Omit<PayPalOffersProps, 'clientId' | 'sdkUrl'>) {
  const t = useT();
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isRejected) return <Alert tone="error">{t('profile.paypal.loadFailed')}</Alert>;
  return (
    <ul className="plan-offers">
      {offers.map((offer) => (
        <OfferItem
          key={offer.key}
          offer={offer}
          loading={isPending}
          onApprove={onApprove}
          onError={onError}
          locked={waiver ? null : lockedReasonId}
        />
      ))}
    </ul>
  );
}

function OfferItem({
  offer,
  loading,
  onApprove,
  onError,
  locked,
}: {
  offer: Offer;
  loading: boolean;
  onApprove: PayPalOffersProps['onApprove'];
  onError: () => void;
  /** The id of the reason the offer cannot be taken yet; null: PayPal's buttons. */
  locked: string | null;
}) {
  const t = useT();
  const labelId = useId();
  return (
    <li className="plan-offer">
      <div className="plan-offer__group" role="group" aria-labelledby={labelId}>
        <p className="plan-offer__head">
          <span id={labelId} className="plan-offer__label">
            {offer.label}
          </span>
          <span className="plan-offer__detail">{offer.detail}</span>
        </p>
        {offer.note ? <p className="plan-offer__note">{offer.note}</p> : null}
        {locked !== null ? (
          <button type="button" className="button button--secondary plan-offer__locked" disabled aria-describedby={locked}>
            {t('profile.waiver.subscribe')}
          </button>
        ) : loading ? (
          <p className="field__hint" role="status">
            {t('profile.paypal.loading')}
          </p>
        ) : (
          <PayPalButtons
            className="plan-offer__buttons"
            style={{ layout: 'horizontal', label: 'subscribe', tagline: false, height: 40 }}
            forceReRender={[offer.planId, offer.customId]}
            createSubscription={(_data, actions) =>
              actions.subscription.create({ plan_id: offer.planId, custom_id: offer.customId })
            }
            onApprove={async (data) => {
              if (!data.subscriptionID) {
                onError();
                return;
              }
              await onApprove(data.subscriptionID, offer);
            }}
            onError={() => onError()}
          />
        )}
      </div>
    </li>
  );
}
