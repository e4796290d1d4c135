import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { Alert } from '../../../components/ui/Alert';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { SelectField } from '../../../components/ui/Field';
import { notify } from '../../../components/ui/notices-store';
import { RelativeTime } from '../../../components/ui/RelativeTime';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage, LOCALES, useI18n, type MessageKey } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import { FamilyTable, percent, RangeSwitch, TableScroll, techniqueName, weakestFamilies } from '../../progress/shared';
import {
  memberQueryOptions,
  removeMember,
  setMemberRole,
  type MemberDetail,
  type MemberTranscript,
  type Range,
  type TeamMember,
} from '../api/members';
import { myTeamQueryOptions, teamKey, type Team } from '../api/team';
import { memberName } from '../../../lib/member-name';
import { roleName } from '../lib/roles';
import './team.css';

const ROLES: readonly TeamMember['role'][] = ['member', 'manager', 'owner'];

/** The owner's actions on a member: change the role (or hand the team over), remove. */
function OwnerActions({ member }: { member: TeamMember }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const headingId = useId();
  const [role, setRole] = useState(member.role);
  const [confirm, setConfirm] = useState<'owner' | 'remove' | null>(null);
  const name = member.displayName || member.email;
  const changeRole = useMutation({
    mutationFn: () => setMemberRole(member.userId, role),
    onSuccess: async () => {
      setConfirm(null);
      notify({ tone: 'success', text: t('team.member.roleSaved') }, 3000);
      await queryClient.invalidateQueries({ queryKey: teamKey });
    },
  });
  const remove = useMutation({
    mutationFn: () => removeMember(member.userId),
    onSuccess: async () => {
      setConfirm(null);
      notify({ tone: 'success', text: t('team.member.removed', { name }) }, 4000);
      navigate('/team');
      await queryClient.invalidateQueries({ queryKey: teamKey });
    },
  });
  const save = () => (role === 'owner' ? setConfirm('owner') : changeRole.mutate());
  return (
    <section className="panel team__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="progress__heading">
        {t('team.member.actions')}
      </h2>
      <div className="team-form team-form--row">
        <SelectField
          id="team-member-role"
          label={t('team.member.changeRole')}
          value={role}
          onChange={(e) => setRole(e.currentTarget.value as TeamMember['role'])}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {roleName(t, r)}
            </option>
          ))}
        </SelectField>
        <div className="team-form__submit">
          <button type="button" className="button button--primary button--small" disabled={role === member.role || changeRole.isPending} onClick={save}>
            {role === 'owner' ? t('team.member.handOver') : t('team.member.saveRole')}
          </button>
        </div>
      </div>
      {changeRole.isError && confirm === null ? (
        <p className="field__error" role="alert">
          {errorMessage(changeRole.error, t)}
        </p>
      ) : null}
      <div>
        <button type="button" className="button button--danger button--small" onClick={() => setConfirm('remove')}>
          {t('team.member.remove')}
        </button>
      </div>
      <ConfirmDialog
        open={confirm === 'owner'}
        title={t('team.member.handOver')}
        text={t('team.member.handOverConfirm', { name })}
        confirmLabel={t('team.member.handOver')}
        busy={changeRole.isPending}
        error={changeRole.isError ? errorMessage(changeRole.error, t) : null}
        onConfirm={() => changeRole.mutate()}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'remove'}
        title={t('team.member.remove')}
        text={t('team.member.removeConfirm', { name })}
        confirmLabel={t('team.member.remove')}
        tone="danger"
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t) : null}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirm(null)}
      />
    </section>
  );
}

/** What the member's figures say: the table's row in full, technique rates, families and exams. */
function Figures({ detail }: { detail: MemberDetail }) {
  const { t, lang } = useI18n();
  const { member, progress } = detail;
  const headingId = useId();
  const techCaption = useId();
  const examsId = useId();
  const date = new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium' });
  return (
    <section className="panel team__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="progress__heading">
        {t('team.member.figures')}
      </h2>
      <dl className="team__figures">
        <div>
          <dt>{t('team.members.lastActivity')}</dt>
          <dd>{member.lastActivity ? <RelativeTime value={member.lastActivity} /> : t('team.members.never')}</dd>
        </div>
        <div>
          <dt>{t('team.members.chats')}</dt>
          <dd>{member.chats}</dd>
        </div>
        <div>
          <dt>{t('team.members.answers')}</dt>
          <dd>{member.answers}</dd>
        </div>
      </dl>
      <TableScroll labelledBy={techCaption}>
        <table className="progress__table">
          <caption id={techCaption}>{t('progress.techniques.title')}</caption>
          <tbody>
            {progress.techniques.map((tech) => (
              <tr key={tech.key}>
                <th scope="row">{techniqueName(t, tech.key)}</th>
                <td className="progress__num">{percent(t, tech.rate)}</td>
                <td>{t('progress.shownOf', { shown: tech.shown, total: tech.total })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <FamilyTable families={progress.families} caption={t('progress.families.title')} weak={weakestFamilies(progress.families)} />
      <h3 id={examsId} className="progress__subheading">
        {t('team.member.exams')}
      </h3>
      {progress.exams.length === 0 ? (
        <p>{t('team.member.noExams')}</p>
      ) : (
        <ul aria-labelledby={examsId}>
          {progress.exams.map((e) => (
            <li key={e.conversationId}>
              {t('team.member.exam', {
                date: date.format(new Date(e.date)),
                difficulty: t(`difficulty.${e.difficulty}`),
                score: percent(t, e.score),
              })}
            </li>
          ))}
        </ul>
      )}
      <p className="progress__muted">{t('team.member.private')}</p>
    </section>
  );
}

/** One readable chat: its title links to the transcript; date, mode, score and why it is readable describe it. */
function TranscriptItem({ chat }: { chat: MemberTranscript }) {
  const { t, lang } = useI18n();
  const detailsId = useId();
  const date = new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium' });
  const details = [
    date.format(new Date(chat.createdAt)),
    t(chat.mode === 'Prüfung' ? 'team.transcripts.exam' : 'team.transcripts.practice'),
    chat.difficulty != null ? t(`difficulty.${chat.difficulty}` as MessageKey) : null,
    chat.score != null ? percent(t, chat.score) : t('team.transcripts.notEvaluated'),
    chat.sharedAt ? t('team.transcripts.shared') : null,
    chat.assignment ? t('team.transcripts.assignment', { title: chat.assignment.title }) : null,
  ].filter((part) => part !== null);
  return (
    <li className="team__transcript">
      <Link to={`/team/chats/${encodeURIComponent(chat.conversationId)}`} aria-describedby={detailsId}>
        {chat.title || t('team.transcripts.untitled')}
      </Link>
      <span id={detailsId} className="progress__muted">
        {details.join(' · ')}
      </span>
    </li>
  );
}

/** The member's chats the caller may read (shared with the team, exams of its assignments), each linking to its transcript. */
function Transcripts({ transcripts }: { transcripts: readonly MemberTranscript[] }) {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <section className="panel team__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="progress__heading">
        {t('team.transcripts.title')}
      </h2>
      <p className="progress__muted">{t('team.transcripts.text')}</p>
      {transcripts.length === 0 ? (
        <p>{t('team.transcripts.empty')}</p>
      ) : (
        <ul className="team__transcripts" aria-labelledby={headingId}>
          {transcripts.map((chat) => (
            <TranscriptItem key={chat.conversationId} chat={chat} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MemberView({ userId, team }: { userId: string; team: Team }) {
  const { t, lang } = useI18n();
  const [range, setRange] = useState<Range>(30);
  const detail = useQuery(memberQueryOptions(userId, range));
  const member = detail.data?.member;
  const name = member ? memberName(t, member.displayName) : t('team.title');
  useDocumentTitle(name);
  const date = new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium' });
  return (
    <>
      <header className="progress__header">
        <p>
          <Link to="/team">{t('team.member.back')}</Link>
        </p>
        <h1 className="page__title">{name}</h1>
        {member ? (
          <p className="page__lead">
            {member.email} ·{' '}
            {roleName(t, member.role)} · {t('team.member.joined', { date: date.format(new Date(member.joinedAt)) })}
          </p>
        ) : null}
      </header>
      <RangeSwitch range={range} onChange={setRange} />
      {detail.isError ? (
        <Alert tone="error">{errorMessage(detail.error, t) || t('team.member.loadFailed')}</Alert>
      ) : !detail.data ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <>
          <Figures detail={detail.data} />
          <Transcripts transcripts={detail.data.transcripts} />
          {team.role === 'owner' && detail.data.member.role !== 'owner' ? <OwnerActions member={detail.data.member} /> : null}
        </>
      )}
    </>
  );
}

/** /team/members/:userId: a member's page for the team's owner and managers. */
export function MemberPage({ userId }: { userId: string }) {
  const { t } = useI18n();
  const team = useQuery(myTeamQueryOptions());
  return (
    <div className="page progress team">
      {team.isPending ? (
        <p role="status">{t('common.loading')}</p>
      ) : team.isError || !team.data ? (
        <Alert tone="error">{t('team.loadFailed')}</Alert>
      ) : (
        <MemberView userId={userId} team={team.data} />
      )}
    </div>
  );
}
