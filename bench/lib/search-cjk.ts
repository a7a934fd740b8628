// Chinese, Japanese and Korean words of office chat (2 to 4 characters but ありがとう), most common first:
// the fixture's CJK sentences are drawn from them by Zipf. Such text has no spaces between words
// (Korean has them between phrases), so search cannot cut it into words as it does Latin text and
// serves it a way of its own (docs/search.md).
import { Zipf } from "./search-corpus";

const ZH = `
会议 项目 今天 明天 客户 问题 数据库 服务器 需求 测试 发布 版本 上线 部署 计划 进度 下午 上午 已经 完成
会议记录 项目进度 文档 设计 接口 前端 后端 产品 团队 开发 运维 安全 性能 优化 用户 反馈 报告 周报 预算 合同
财务 发票 报销 招聘 面试 培训 假期 周末 确认 审核 批准 邮件 通知 提醒 日程 安排 讨论 总结 目标 季度
年度 销售 市场 推广 数据 分析 指标 监控 告警 故障 修复 回滚 迁移 备份 恢复 网络 打印机 咖啡 午饭 会议室
办公室 出差 签字 合作 伙伴 供应商 采购 库存 物流 质量 流程 规范 标准 模板 代码 评审 合并 分支 提交 构建
自动化 脚本 配置 环境 进行中 延期 解决方案 生产环境 测试环境 数据迁移 项目经理 产品经理 客户服务 技术支持 人力资源 市场营销 年终总结 同事 经理 体验
`;

const JA = `
会議 ありがとう 確認 資料 予定 明日 今日 お願い 対応 共有 連絡 午後 午前 問題 報告 進捗 議事録 了解 大丈夫 よろしく
お疲れ様 失礼 打合せ 締め切り 解決 出張 経費 請求書 見積もり 契約 顧客 担当 開発 設計 仕様 修正 検討 承認 提案 企画
営業 会社 部長 課長 社長 休み 有給 残業 勤怠 研修 採用 面接 新人 先輩 後輩 おはよう ちょっと いつも 少々 サーバー
データ メール リリース テスト バグ チーム タスク レビュー デザイン ユーザー ログ エラー コード 画面 機能 環境 本番 障害 復旧 手順
作業 完了 延期 調整 変更 追加 削除 更新 発表 会場 来週 先週 今週 月曜 金曜 週末 会議室 事務所 昼休み 在宅
`;

const KO = `
회의 확인 오늘 내일 감사 일정 프로젝트 진행 완료 공유 자료 회의록 보고서 검토 승인 요청 문의 답변 문서 개발
배포 서버 데이터 고객 계약 견적 예산 비용 회사 팀장 부장 사장 동료 팀원 휴가 출장 야근 주말 어제 오전
오후 다음주 지난주 이번주 월요일 금요일 점심 커피 회의실 사무실 메일 연락 전화 미팅 발표 교육 채용 면접 신입 선배
후배 문제 해결 오류 버그 수정 테스트 릴리스 설계 디자인 기능 화면 사용자 피드백 분석 지표 매출 마케팅 영업 품질
보안 성능 장애 복구 백업 변경 추가 삭제 업데이트 준비 계획 목표 결과 성과 평가 안녕 부탁 정리 공지 담당자
`;

const words = (s: string) => s.split(/\s+/).filter(Boolean);

export type CjkLanguage = "zh" | "ja" | "ko";

export const CJK_WORDS: Record<CjkLanguage, string[]> = { zh: words(ZH), ja: words(JA), ko: words(KO) };

/** Japanese particles between nouns, so a sentence reads as one (は, を, に, の, で, も, と). */
const JA_PARTICLES = ["は", "を", "に", "の", "で", "も", "と"];

const zipfs = Object.fromEntries(Object.entries(CJK_WORDS).map(([lang, list]) => [lang, new Zipf(list.length)])) as Record<CjkLanguage, Zipf>;

/** A language in the proportions of a team with more Chinese than Japanese or Korean writers. */
export function cjkLanguage(rng: () => number): CjkLanguage {
  const u = rng();
  return u < 0.5 ? "zh" : u < 0.8 ? "ja" : "ko";
}

/**
 * A sentence of 2 to 7 words as parts: CJK words and, when `latin` is given, a few Latin words
 * among them (mixed writing, "明天的 deployment 会议"). Chinese and Japanese words run together,
 * Korean ones are spaced, Latin words are always spaced.
 */
export function cjkSentence(rng: () => number, lang: CjkLanguage, latin?: () => string): string {
  const n = 2 + Math.floor(rng() * 6);
  const parts: { text: string; spaced: boolean }[] = [];
  for (let k = 0; k < n; k++) {
    let w = CJK_WORDS[lang][zipfs[lang].draw(rng)];
    if (lang === "ja" && k < n - 1 && rng() < 0.5) w += JA_PARTICLES[Math.floor(rng() * JA_PARTICLES.length)];
    parts.push({ text: w, spaced: lang === "ko" });
    if (latin && rng() < 0.3) parts.push({ text: latin(), spaced: true });
  }
  let out = "";
  for (let k = 0; k < parts.length; k++) {
    const gap = k > 0 && (parts[k].spaced || parts[k - 1].spaced);
    out += (gap ? " " : "") + parts[k].text;
  }
  return out + (lang === "ko" ? "." : "。");
}
