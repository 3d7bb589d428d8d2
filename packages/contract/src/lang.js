"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DEFAULT_LANG = exports.LANGS = void 0;
exports.resolveLang = resolveLang;
exports.interpolate = interpolate;
/** The three languages of the product (spec 1). zh_CN is the default. */
exports.LANGS = ['zh_CN', 'zh_TW', 'en_US'];
exports.DEFAULT_LANG = 'zh_CN';
/**
 * Picks the language from an Accept-Language header. The console sends the stored language
 * verbatim (zh_CN); browsers send BCP 47 tags (zh-TW, en-US;q=0.8). Both are understood.
 */
function resolveLang(header) {
    if (!header)
        return exports.DEFAULT_LANG;
    for (var _i = 0, _a = header.split(','); _i < _a.length; _i++) {
        var part = _a[_i];
        var tag = part.split(';')[0].trim().replace('-', '_').toLowerCase();
        if (!tag)
            continue;
        if (tag === 'zh_tw' || tag === 'zh_hk' || tag === 'zh_hant' || tag.startsWith('zh_hant'))
            return 'zh_TW';
        if (tag.startsWith('zh'))
            return 'zh_CN';
        if (tag.startsWith('en'))
            return 'en_US';
    }
    return exports.DEFAULT_LANG;
}
/** Replaces {name} placeholders. */
function interpolate(template, params) {
    if (!params)
        return template;
    return template.replace(/\{(\w+)\}/g, function (m, k) { return (k in params ? String(params[k]) : m); });
}
