import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { NO_PARENT, foldText, type SearchPage } from '@chat/contract';
import { chatUser, startChatApp, type ChatHarness } from '../../../test/support/chat-harness.js';
import { createConvosRepo } from '../convos/index.js';
import { createMessagesRepo } from '../messages/index.js';

// Search per language, on whichever database the run uses (PGlite, or TEST_DATABASE_URL).
let h: ChatHarness;
beforeAll(async () => {
  h = await startChatApp({ titleConvo: false });
});
afterAll(() => h.close());

type User = Awaited<ReturnType<typeof chatUser>>;

/** A new user whose one conversation holds `texts`, oldest first, a minute apart. */
async function userWith(name: string, texts: string[]): Promise<User> {
  const user = await chatUser(h, name);
  const userId = user.user.user.id;
  const conversationId = crypto.randomUUID();
  const base = Date.now() - 3_600_000;
  await createConvosRepo(h.database.db).insert({
    conversationId,
    userId,
    endpoint: 'openAI',
    model: 'gpt-4o-mini',
    options: {},
    createdAt: new Date(base),
  });
  const msgs = createMessagesRepo(h.database.db);
  for (const [i, text] of texts.entries()) {
    await msgs.insert({
      messageId: crypto.randomUUID(),
      conversationId,
      userId,
      parentMessageId: NO_PARENT,
      sender: 'User',
      text,
      isCreatedByUser: true,
      createdAt: new Date(base + i * 60_000),
    });
  }
  return user;
}

/** The texts of the first page of hits, in the order given. */
async function found(user: User, q: string): Promise<string[]> {
  const res = await user.api(`/api/search?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as SearchPage).messages.map((m) => m.text);
}

describe('search in Chinese', () => {
  const A = '我爱北京天安门';
  const B = '北京大学在海淀区';
  const C = '上海是一个大城市';
  let alice: User;
  let bob: User;
  beforeAll(async () => {
    // B (the phrase "北京大学") is the oldest, so ranking, not recency, puts it first.
    alice = await userWith('Chinese', [B, A, C]);
    bob = await userWith('Chinese Bob', ['北京烤鸭很好吃']);
  });

  it('finds a word (two characters) anywhere in a sentence without spaces, newest first', async () => {
    expect(await found(alice, '北京')).toEqual([A, B]);
    expect(await found(alice, '大学')).toEqual([B]);
    expect(await found(alice, '广州')).toEqual([]);
  });

  it('finds one character', async () => {
    expect(await found(alice, '京')).toEqual([A, B]);
    expect(await found(alice, '海')).toEqual([C, B]);
    expect(await found(alice, '门')).toEqual([A]);
  });

  it('finds a phrase only where its characters stand together', async () => {
    expect(await found(alice, '天安门')).toEqual([A]);
    expect(await found(alice, '北京天安门')).toEqual([A]);
    expect(await found(alice, '北京大学在')).toEqual([B]);
    expect(await found(alice, '京北')).toEqual([]);
    expect(await found(alice, '大学北京')).toEqual([]);
  });

  it('ranks the phrase first, then messages with some of the words', async () => {
    expect(await found(alice, '北京 大学')).toEqual([B, A]);
    // Each has one of the words: one tier, newest first.
    expect(await found(alice, '上海 天安门')).toEqual([C, A]);
  });

  it('never shows another user’s messages', async () => {
    expect(await found(alice, '烤鸭')).toEqual([]);
    expect(await found(bob, '北京')).toEqual(['北京烤鸭很好吃']);
    expect(await found(bob, '天安门')).toEqual([]);
  });
});

describe('search in Japanese', () => {
  const A = '東京で日本語を勉強しています';
  const B = '京都の日本料理はおいしい';
  const C = 'データベースの検索が速い';
  let alice: User;
  beforeAll(async () => {
    alice = await userWith('Japanese', [A, B, C]);
  });

  it('finds kanji, kana and mixed words, one or more characters', async () => {
    expect(await found(alice, '日本')).toEqual([B, A]);
    expect(await found(alice, '勉強')).toEqual([A]);
    expect(await found(alice, 'データ')).toEqual([C]);
    expect(await found(alice, '本')).toEqual([B, A]);
    expect(await found(alice, 'の')).toEqual([C, B]);
    expect(await found(alice, '検索が速い')).toEqual([C]);
  });

  it('reads half-width katakana as full-width', async () => {
    expect(await found(alice, 'ﾃﾞｰﾀ')).toEqual([C]);
  });
});

describe('search in Korean', () => {
  const A = '서울에서 친구를 만났어요';
  const B = '서울대학교 도서관';
  const C = '부산 바다';
  let alice: User;
  beforeAll(async () => {
    alice = await userWith('Korean', [A, B, C]);
  });

  it('finds a word inside an eojeol (particles attached), one character, a phrase', async () => {
    expect(await found(alice, '서울')).toEqual([B, A]);
    expect(await found(alice, '친구')).toEqual([A]);
    expect(await found(alice, '서')).toEqual([B, A]);
    expect(await found(alice, '바')).toEqual([C]);
    expect(await found(alice, '대학교 도서관')).toEqual([B]);
    expect(await found(alice, '도서관 대학교')).toEqual([B]);
  });
});

describe('search in Arabic', () => {
  const A = 'قرأت الكِتَابَ الجديد';
  const B = 'كتاب جميل جداً';
  const C = 'أحمد يحب القراءة';
  let alice: User;
  beforeAll(async () => {
    alice = await userWith('Arabic', [A, B, C]);
  });

  it('matches words with or without harakat and hamza on the alef', async () => {
    expect(await found(alice, 'الكتاب')).toEqual([A]);
    expect(await found(alice, 'كتاب')).toEqual([B]);
    expect(await found(alice, 'احمد')).toEqual([C]);
    expect(await found(alice, 'أحمد')).toEqual([C]);
    expect(await found(alice, 'قرات')).toEqual([A]);
  });

  it('finds a phrase, every word in any order, and some words', async () => {
    expect(await found(alice, 'جميل جدا')).toEqual([B]);
    expect(await found(alice, 'الجديد قرأت')).toEqual([A]);
    expect(await found(alice, 'كتاب الجديد')).toEqual([B, A]);
  });
});

describe('search in Russian', () => {
  const A = 'Привет, как дела?';
  const B = 'Ёлка в лесу';
  const C = 'ПРИВЕТСТВИЕ гостям';
  let alice: User;
  beforeAll(async () => {
    alice = await userWith('Russian', [A, B, C]);
  });

  it('matches any case, ё as е, the last word as a prefix', async () => {
    expect(await found(alice, 'привет')).toEqual([C, A]);
    expect(await found(alice, 'ЕЛКА')).toEqual([B]);
    expect(await found(alice, 'ёлка')).toEqual([B]);
    expect(await found(alice, 'дел')).toEqual([A]);
    expect(await found(alice, 'лес')).toEqual([B]);
    expect(await found(alice, 'приветствия')).toEqual([]);
  });

  it('ranks the phrase, then every word, then some words', async () => {
    expect(await found(alice, 'как дела')).toEqual([A]);
    expect(await found(alice, 'гостям привет')).toEqual([C, A]);
  });
});

describe('search in Turkish', () => {
  const A = "İstanbul'da hava güzel";
  const B = 'ISPARTA ve ılık rüzgar';
  const C = "Izmir'de IŞIK var";
  let alice: User;
  beforeAll(async () => {
    alice = await userWith('Turkish', [A, B, C]);
  });

  it('folds İ, I, ı and i together, so every spelling of a word matches', async () => {
    expect(await found(alice, 'istanbul')).toEqual([A]);
    expect(await found(alice, 'İSTANBUL')).toEqual([A]);
    expect(await found(alice, 'ılık')).toEqual([B]);
    expect(await found(alice, 'ILIK')).toEqual([B]);
    expect(await found(alice, 'ışık')).toEqual([C]);
    expect(await found(alice, 'izmir')).toEqual([C]);
    expect(await found(alice, 'güzel')).toEqual([A]);
  });
});

describe('search in English', () => {
  const A = 'The quick brown fox';
  const B = 'A brown dog and a quick cat';
  const C = 'Foxes are quick';
  let alice: User;
  beforeAll(async () => {
    alice = await userWith('English', [A, B, C]);
  });

  it('ranks the phrase, then every word, then some words, before recency', async () => {
    expect(await found(alice, 'quick brown')).toEqual([A, B, C]);
    // More matched words first: all three (B), two of them (A), one (C).
    expect(await found(alice, 'quick brown dog')).toEqual([B, A, C]);
    expect(await found(alice, 'cat fox brown dog')).toEqual([B, A]);
    expect(await found(alice, 'brown dog')).toEqual([B, A]);
    expect(await found(alice, 'fox')).toEqual([C, A]);
    expect(await found(alice, 'QUICK')).toEqual([C, B, A]);
    expect(await found(alice, 'uick')).toEqual([]);
  });

  it('reads tsquery operators, quotes and backslashes as plain text', async () => {
    for (const q of ["it's", "fox':* | 'quick", 'fox & !brown', 'quick <-> \\\\', "北京' | '京", '(brown)']) {
      const res = await alice.api(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    // "&" and "!" are no words: fox and brown, both in A; brown alone in B.
    expect(await found(alice, 'fox & !brown')).toEqual([A, B]);
  });
});

describe('the SQL reading of text', () => {
  it('folds as the contract does (the client highlights with it)', async () => {
    const samples = [
      'İstanbul IŞIK ılık Ilık',
      // An I and nothing else to translate; text already in NFKC form, and text that is not.
      'I KNOW IT',
      'INDEX ﬁle Ⅻ',
      'ПРИВЕТ Ёлка ёж',
      'كِتَابٌ أحمد إسلام آمن ٱلله مـمـتـد',
      'ＡＢＣ ｶﾀｶﾅ ﬁle ① Ⅻ',
      'ΑΘΗΝΑ Straße ÇAĞ',
      '東京 서울 北京大学',
    ];
    for (const s of samples) {
      const res = await h.database.db.execute(sql`select search_fold(${s}) as f`);
      expect(res.rows[0]!.f, s).toBe(foldText(s));
    }
  });

  it('indexes each CJK run as its pairs and last character, other words whole', async () => {
    const res = await h.database.db.execute(
      sql`select search_vector(${'我爱北京 hello, 世界！'})::text as v`,
    );
    expect(res.rows[0]!.v).toBe("'hello':5 '世界':6 '京':4 '北京':3 '我爱':1 '爱北':2 '界':7");
  });
});
