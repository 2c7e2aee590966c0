import { wordCountLabel } from '#features/essay/essay-limits';

/** '612 / 650 words'; over the limit in red and in words, so a screen reader says it too. */
export function WordCount({ words, limit }: { words: number; limit: number | null }) {
  const { text, over } = wordCountLabel(words, limit);
  return <p className={`text-sm font-semibold ${over ? 'text-red-800' : 'text-slate-700'}`}>{text}</p>;
}
