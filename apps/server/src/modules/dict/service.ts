import type { DictItem, Locale } from '@switchboard/contracts';
import { stableId } from '../../db/seed/stable-id';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import { DICTIONARIES } from './dictionaries-seed';
import { DictRepo } from './repo';

/** Dictionaries: coded values with their texts in both languages (selects, tags, server enums). */
export class DictService {
  private readonly repo: DictRepo;

  constructor(db: Db) {
    this.repo = new DictRepo(db);
  }

  async items(code: string, locale: Locale): Promise<DictItem[]> {
    const dict = await this.repo.findByCode(code);
    if (!dict) throw new AppError('DICT_NOT_FOUND', 404);
    const zh = locale === 'zh-CN';
    return (await this.repo.enabledItems(dict.id)).map((i) => {
      const text = zh ? i.textZh : i.textEn;
      return { value: i.itemValue, text, label: text };
    });
  }

  isCodeTaken(code: string, excludeId?: string) {
    return this.repo.codeTaken(code, excludeId);
  }

  /** The seeded dictionaries; items an operator added or changed stay as they are. */
  async seed() {
    for (const dict of DICTIONARIES) {
      const dictId = stableId(`dict:${dict.code}`);
      await this.repo.insertDictionary({
        id: dictId,
        dictCode: dict.code,
        dictName: dict.name,
        dictNameZh: dict.nameZh,
      });
      let sortOrder = 0;
      for (const [value, textEn, textZh] of dict.items) {
        await this.repo.insertItem({ dictId, itemValue: value, textEn, textZh, sortOrder: sortOrder++ });
      }
    }
  }
}
