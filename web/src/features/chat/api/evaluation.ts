import { api, type CategoryScore, type Evaluation, type EvaluationResponse, type ExamVerdict } from '../../../lib/api';

/** The evaluation could not be read (neither an object nor JSON of the expected shape). */
export class UnreadableEvaluationError extends Error {
  constructor() {
    super('unreadable evaluation');
    this.name = 'UnreadableEvaluationError';
  }
}

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** An exam's verdict as the server stores it with the evaluation. */
function isVerdict(v: unknown): v is ExamVerdict {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return (
    typeof e.passed === 'boolean' &&
    typeof e.passMark === 'number' &&
    (e.previousPercent === null || typeof e.previousPercent === 'number')
  );
}

function isCategory(v: unknown): v is CategoryScore {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  return typeof c.category === 'string' && typeof c.score === 'number';
}

/**
 * Reads an evaluation that may arrive as an object or as a JSON string;
 * null when there is none. Throws UnreadableEvaluationError for anything else.
 */
export function parseEvaluation(raw: unknown): Evaluation | null {
  if (raw === null || raw === undefined || raw === '') return null;
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new UnreadableEvaluationError();
    }
  }
  if (typeof value !== 'object' || value === null) throw new UnreadableEvaluationError();
  const v = value as Record<string, unknown>;
  if (!Array.isArray(v.scores) || !v.scores.every(isCategory)) throw new UnreadableEvaluationError();
  const improvements = v.improvements ?? [];
  const top = v.top_points ?? [];
  if (!isStringList(improvements) || !isStringList(top)) throw new UnreadableEvaluationError();
  return {
    intro: typeof v.intro === 'string' ? v.intro : '',
    scores: v.scores.map((c) => ({
      category: c.category,
      score: c.score,
      comment: typeof c.comment === 'string' ? c.comment : '',
    })),
    improvements,
    top_points: top.slice(0, 3),
    ...(typeof v.totalPercent === 'number' ? { totalPercent: v.totalPercent } : {}),
    ...(isVerdict(v.exam) ? { exam: v.exam } : {}),
  };
}

/** POST /api/conversations/{id}/evaluation: the six-category evaluation (stored with the chat). */
export async function requestEvaluation(conversationId: string): Promise<Evaluation> {
  const res = await api.post<EvaluationResponse>(
    `/api/conversations/${encodeURIComponent(conversationId)}/evaluation`,
    { conversationId },
  );
  const evaluation = parseEvaluation(res.evaluation);
  if (!evaluation) throw new UnreadableEvaluationError();
  return evaluation;
}
