import { useEffect, useRef } from 'react';
import { Button, Dropdown, type MenuProps } from 'antd';
import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { translateTitle } from '../route-title';
import { DASHBOARD_PATH } from '../menu-routes';
import { closeAllTags, closeOtherTags, closeTag, landingAfterClose, setTags, type TagView } from './tags-store';

type Action = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

/**
 * The tab bar of open screens. Clicking a tab goes to it; right-clicking one, or the
 * menu at the end of the bar (for touch screens), offers refresh, close, close others and close
 * all. The dashboard tab is fixed.
 */
export function TagsView({
  tags,
  activePath,
  onRefresh,
}: {
  tags: TagView[];
  activePath: string;
  onRefresh: (path: string) => void;
}) {
  const { t, i18n } = useTranslation('layout');
  const navigate = useNavigate();
  const activeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activePath, tags.length]);

  const run = (action: Action, tag: TagView) => {
    switch (action) {
      case 'refresh':
        onRefresh(tag.path);
        if (tag.path !== activePath) void navigate(tag.fullPath);
        return;
      case 'close': {
        const rest = closeTag(tags, tag.path);
        setTags(rest);
        if (tag.path === activePath) void navigate(landingAfterClose(rest, DASHBOARD_PATH));
        return;
      }
      case 'closeOthers':
        setTags(closeOtherTags(tags, tag.path));
        if (tag.path !== activePath) void navigate(tag.fullPath);
        return;
      case 'closeAll': {
        const rest = closeAllTags(tags);
        setTags(rest);
        if (!rest.some((r) => r.path === activePath)) void navigate(landingAfterClose(rest, DASHBOARD_PATH));
        return;
      }
    }
  };

  const menuFor = (tag: TagView): MenuProps => {
    const closable = tags.filter((x) => !x.affix);
    return {
      items: [
        { key: 'refresh', label: t('tags.refresh') },
        { key: 'close', label: t('tags.close'), disabled: Boolean(tag.affix) },
        { key: 'closeOthers', label: t('tags.closeOthers'), disabled: !closable.some((x) => x.path !== tag.path) },
        { key: 'closeAll', label: t('tags.closeAll'), disabled: closable.length === 0 },
      ],
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        run(key as Action, tag);
      },
    };
  };

  const active = tags.find((x) => x.path === activePath);

  return (
    <div className="app-tags">
      <div className="app-tags-scroll" role="tablist" aria-label={t('tags.label')}>
        {tags.map((tag) => {
          const isActive = tag.path === activePath;
          const title = translateTitle(i18n, tag.title);
          return (
            <Dropdown key={tag.path} trigger={['contextMenu']} menu={menuFor(tag)}>
              <div
                ref={isActive ? activeRef : undefined}
                role="tab"
                tabIndex={0}
                aria-selected={isActive}
                className={`app-tag${isActive ? ' is-active' : ''}`}
                onClick={() => !isActive && void navigate(tag.fullPath)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    if (!isActive) void navigate(tag.fullPath);
                  }
                }}
                onAuxClick={(e) => {
                  // Middle click closes, as in a browser's tab strip.
                  if (e.button === 1 && !tag.affix) run('close', tag);
                }}
              >
                <span className="app-tag-title">{title}</span>
                {!tag.affix && (
                  <CloseOutlined
                    className="app-tag-close"
                    aria-label={t('tags.close')}
                    onClick={(e) => {
                      e.stopPropagation();
                      run('close', tag);
                    }}
                  />
                )}
              </div>
            </Dropdown>
          );
        })}
      </div>
      {active && (
        <Dropdown trigger={['click']} menu={menuFor(active)} placement="bottomRight">
          <Button
            type="text"
            size="small"
            className="app-tags-more"
            icon={<DownOutlined />}
            aria-label={t('tags.actions')}
            title={t('tags.actions')}
          />
        </Dropdown>
      )}
    </div>
  );
}
