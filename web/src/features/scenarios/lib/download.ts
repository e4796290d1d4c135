import { exportScenario } from '../api/scenarios';

/** Downloads a scenario's export file under the name the server gives it. */
export async function downloadScenario(id: string): Promise<void> {
  const { blob, name } = await exportScenario(id);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // the click has read the URL by now
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
