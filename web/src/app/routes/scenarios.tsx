import { Route, Switch } from 'wouter';
import { ScenarioEditor, ScenariosPage } from '../../features/scenarios';

/** /scenarios (the library), /scenarios/new and /scenarios/:id/edit (the editor); every signed-in user. */
export default function ScenariosRoute() {
  return (
    <Switch>
      <Route path="/scenarios/new">
        <ScenarioEditor id={null} />
      </Route>
      <Route path="/scenarios/:id/edit">{(params) => <ScenarioEditor key={params.id} id={params.id} />}</Route>
      <Route>
        <ScenariosPage />
      </Route>
    </Switch>
  );
}
