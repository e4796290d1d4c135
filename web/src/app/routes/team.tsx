import { Route, Switch } from 'wouter';
import { JoinPage, MemberPage, SharedChatPage, TeamPage, TeamSsoPage } from '../../features/team';

/** /team ('Team', issue 27): the team, a member's page, a shared chat, the join page, 'Firmen-Anmeldung' (issue 29). */
export default function TeamRoute() {
  return (
    <Switch>
      <Route path="/team/join">
        <JoinPage />
      </Route>
      <Route path="/team/sso">
        <TeamSsoPage />
      </Route>
      <Route path="/team/members/:userId">{(params) => <MemberPage key={params.userId} userId={params.userId} />}</Route>
      <Route path="/team/chats/:id">{(params) => <SharedChatPage key={params.id} conversationId={params.id} />}</Route>
      <Route>
        <TeamPage />
      </Route>
    </Switch>
  );
}
