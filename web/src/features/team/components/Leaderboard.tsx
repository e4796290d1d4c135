import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { useAuth } from '../../../lib/auth';
import { useI18n } from '../../../lib/i18n';
import { TableScroll } from '../../progress/shared';
import { leaderboardQueryOptions, type Leaderboard as Board, type LeaderboardPeriod } from '../api/leaderboard';
import { memberName } from '../../../lib/member-name';
import { LeaderboardSwitch } from './LeaderboardSwitch';

const PERIODS: readonly LeaderboardPeriod[] = ['week', 'month'];

function OwnPlace({ own }: { own: Board['own'] }) {
  const { t } = useI18n();
  const text = own.hidden
    ? t('team.leaderboard.hidden', { xp: own.xp })
    : own.place === null
      ? t('team.leaderboard.ownNone', { xp: own.xp })
      : t('team.leaderboard.own', { place: own.place, xp: own.xp });
  return <p className="team__own-place">{text}</p>;
}

/** 'Bestenliste': XP of this week or month, the top 10 and one's own place; everyone in the team sees it. */
export function Leaderboard() {
  const { t } = useI18n();
  const { session } = useAuth();
  const [period, setPeriod] = useState<LeaderboardPeriod>('week');
  const board = useQuery(leaderboardQueryOptions(period));
  const headingId = useId();
  const captionId = useId();
  return (
    <section className="panel team__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="progress__heading">
        {t('team.leaderboard.title')}
      </h2>
      <div className="progress__range" role="group" aria-label={t('team.leaderboard.period')}>
        {PERIODS.map((p) => (
          <button key={p} type="button" className="progress__range-option" aria-pressed={p === period} onClick={() => setPeriod(p)}>
            {t(`team.leaderboard.${p}`)}
          </button>
        ))}
      </div>
      {board.isPending ? (
        <p role="status">{t('common.loading')}</p>
      ) : board.isError ? (
        <Alert tone="error">{t('team.leaderboard.loadFailed')}</Alert>
      ) : (
        <>
          {board.data.entries.length === 0 ? (
            <p>{t('team.leaderboard.empty')}</p>
          ) : (
            <TableScroll labelledBy={captionId}>
              <table className="progress__table">
                <caption id={captionId} className="visually-hidden">
                  {t('team.leaderboard.title')}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t('team.leaderboard.place')}</th>
                    <th scope="col">{t('team.leaderboard.name')}</th>
                    <th scope="col">{t('team.leaderboard.xp')}</th>
                  </tr>
                </thead>
                <tbody>
                  {board.data.entries.map((e) => {
                    const own = e.userId === session?.user.id;
                    return (
                      <tr key={e.userId} className={own ? 'team__own-row' : undefined}>
                        <td className="progress__num">{e.place}</td>
                        <th scope="row">
                          {memberName(t, e.displayName)}
                          {own ? ` ${t('team.leaderboard.you')}` : null}
                        </th>
                        <td className="progress__num">{e.xp}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableScroll>
          )}
          <OwnPlace own={board.data.own} />
        </>
      )}
      <LeaderboardSwitch />
    </section>
  );
}
