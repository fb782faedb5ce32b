<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Actions</name>
    <message>
        <location filename="../core/actions.cpp" line="101"/>
        <source>a post</source>
        <translation>一条动态</translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="103"/>
        <location filename="../core/actions.cpp" line="237"/>
        <source>your post</source>
        <translation>自己的动态</translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="104"/>
        <source>%1&apos;s post</source>
        <translation>%1的动态</translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="111"/>
        <source>a comment</source>
        <translation>一条评论</translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="113"/>
        <source>your comment</source>
        <translation>自己的评论</translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="114"/>
        <source>%1&apos;s comment</source>
        <translation>%1的评论</translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="280"/>
        <location filename="../core/actions.cpp" line="396"/>
        <location filename="../core/actions.cpp" line="398"/>
        <source>a message</source>
        <translation>一条留言</translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="293"/>
        <source>your board</source>
        <translation>你的留言板</translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="294"/>
        <source>%1&apos;s board</source>
        <translation>%1的留言板</translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="300"/>
        <source>%1&apos;s message</source>
        <translation>%1的留言</translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="466"/>
        <source>You had already reported %1: the moderators have your first report.</source>
        <translation>你之前已经举报过%1：管理员已收到你的第一次举报。</translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="469"/>
        <source>Thank you: your report on %1 is with the moderators.</source>
        <translation>谢谢：你对%1的举报已送达管理员。</translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="514"/>
        <source>Your post is published.</source>
        <translation>你的动态已发布。</translation>
    </message>
</context>
<context>
    <name>ApiClient</name>
    <message numerus="yes">
        <location filename="../core/net/headerwatch.cpp" line="76"/>
        <source>%1 sent an answer whose header did not end; it is not asked again for %n s</source>
        <extracomment>The breaker of a server that sent a response header without end; %1 the host:port</extracomment>
        <translation>
            <numerusform>%1 发来的回答头部没有结尾；%n 秒内不再向它请求</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ApiError</name>
    <message>
        <location filename="../core/net/apierror.cpp" line="67"/>
        <source>You are offline; signing in needs the server</source>
        <translation>你处于离线状态，登录需要连接服务器</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="70"/>
        <source>The server did not answer in time</source>
        <translation>服务器响应超时</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="75"/>
        <source>A secure connection to the server could not be made</source>
        <translation>无法与服务器建立安全连接</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="83"/>
        <source>Wrong username or password</source>
        <translation>用户名或密码错误</translation>
    </message>
    <message numerus="yes">
        <location filename="../core/net/apierror.cpp" line="86"/>
        <source>Too many sign-in attempts; try again in %n second(s)</source>
        <translation>
            <numerusform>登录尝试次数过多，请 %n 秒后重试</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="89"/>
        <source>Too many sign-in attempts; try again later</source>
        <translation>登录尝试次数过多，请稍后重试</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="94"/>
        <source>The server refused the sign-in (HTTP %1)</source>
        <translation>服务器拒绝了登录请求（HTTP %1）</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="108"/>
        <source>No error</source>
        <translation>没有错误</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="110"/>
        <source>Offline</source>
        <translation>离线</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="112"/>
        <source>The server could not be reached</source>
        <translation>无法连接服务器</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="114"/>
        <source>The request timed out</source>
        <translation>请求超时</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="120"/>
        <source>The secure connection to the server failed</source>
        <translation>与服务器的安全连接失败</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="123"/>
        <source>The server&apos;s answer could not be read</source>
        <translation>无法读取服务器的响应</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="125"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="131"/>
        <source>You are signed out; please sign in again</source>
        <translation>登录已失效，请重新登录</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="133"/>
        <source>You are not allowed to do this</source>
        <translation>你没有权限执行此操作</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="135"/>
        <source>It no longer exists; it may have been deleted</source>
        <translation>内容已不存在，可能已被删除</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="138"/>
        <source>This conflicts with an earlier change</source>
        <translation>与之前的更改冲突</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="140"/>
        <source>The local copy is out of date and has to be refreshed</source>
        <translation>本地数据已过期，需要刷新</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="143"/>
        <source>It is too large to send</source>
        <translation>内容过大，无法发送</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="147"/>
        <source>The server did not accept it</source>
        <translation>服务器未接受此请求</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="148"/>
        <source>The server did not accept it: %1</source>
        <translation>服务器未接受此请求：%1</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="152"/>
        <source>The server did not understand the request</source>
        <translation>服务器无法理解此请求</translation>
    </message>
    <message numerus="yes">
        <location filename="../core/net/apierror.cpp" line="155"/>
        <source>Too many requests; try again in %n second(s)</source>
        <translation>
            <numerusform>请求过于频繁，请 %n 秒后重试</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="158"/>
        <source>Too many requests; try again later</source>
        <translation>请求过于频繁，请稍后重试</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="161"/>
        <source>The server is unavailable (simulated fault)</source>
        <translation>服务器不可用（模拟故障）</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="164"/>
        <source>The server had a problem; try again later</source>
        <translation>服务器出现问题，请稍后重试</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="165"/>
        <source>The server answered with an error (HTTP %1)</source>
        <translation>服务器返回错误（HTTP %1）</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="175"/>
        <source>the server could not read the request</source>
        <translation>服务器无法读取该请求</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="177"/>
        <source>you are not allowed to do that</source>
        <translation>你没有权限这样做</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="183"/>
        <source>the post was deleted</source>
        <translation>该动态已被删除</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="185"/>
        <source>the comment was deleted</source>
        <translation>该评论已被删除</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="187"/>
        <source>this person does not exist</source>
        <translation>该用户不存在</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="189"/>
        <source>the report was not found</source>
        <translation>找不到该举报</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="191"/>
        <source>the message was deleted</source>
        <translation>留言已被删除</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="193"/>
        <source>the notification was withdrawn</source>
        <translation>该通知已被撤回</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="197"/>
        <source>it conflicts with an earlier request</source>
        <translation>与之前的请求冲突</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="199"/>
        <source>it is too large</source>
        <translation>内容过大</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="202"/>
        <source>the comment it answers was deleted</source>
        <translation>所回复的评论已被删除</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="204"/>
        <source>it was not accepted</source>
        <translation>服务器未接受</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="205"/>
        <source>it was not accepted (%1)</source>
        <translation>服务器未接受（%1）</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="218"/>
        <source>picture %1 is too large</source>
        <translation>第 %1 张图片过大</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="221"/>
        <source>picture %1 has too many pixels</source>
        <translation>第 %1 张图片像素过多</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="223"/>
        <source>picture %1 is not a valid image</source>
        <translation>第 %1 张图片不是有效的图片</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="226"/>
        <source>picture %1 was refused: you are not allowed to do that</source>
        <translation>第 %1 张图片被拒绝：你没有权限这样做</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="233"/>
        <source>picture %1 could not be uploaded: %2</source>
        <translation>第 %1 张图片未能上传：%2</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="256"/>
        <source>HTTP status: %1</source>
        <translation>HTTP 状态：%1</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="257"/>
        <source>HTTP status: %1 (%2)</source>
        <translation>HTTP 状态：%1（%2）</translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="264"/>
        <source>Request id: %1</source>
        <translation>请求 ID：%1</translation>
    </message>
</context>
<context>
    <name>CoreOptions</name>
    <message>
        <location filename="../core/coreoptions.cpp" line="15"/>
        <source>The Threadline server, e.g. http://127.0.0.1:8080.</source>
        <translation>Threadline 服务器，例如 http://127.0.0.1:8080。</translation>
    </message>
    <message>
        <location filename="../core/coreoptions.cpp" line="19"/>
        <source>Start offline: no request leaves the program.</source>
        <translation>以离线方式启动：程序不发出任何请求。</translation>
    </message>
    <message>
        <location filename="../core/coreoptions.cpp" line="36"/>
        <source>Inject faults for testing, e.g. latency=300,error=0.1,drop=0.05.</source>
        <translation>为测试注入故障，例如 latency=300,error=0.1,drop=0.05。</translation>
    </message>
    <message>
        <location filename="../core/coreoptions.cpp" line="40"/>
        <source>Milliseconds of quiet before a like is sent.</source>
        <translation>点赞在静默多少毫秒后发送。</translation>
    </message>
    <message>
        <location filename="../core/coreoptions.cpp" line="54"/>
        <source>--server needs an http or https URL, such as http://127.0.0.1:8080</source>
        <translation>--server 需要 http 或 https 地址，例如 http://127.0.0.1:8080</translation>
    </message>
    <message>
        <location filename="../core/coreoptions.cpp" line="62"/>
        <source>--faults takes latency=MS,error=RATE,drop=RATE with rates from 0 to 1</source>
        <translation>--faults 的格式为 latency=毫秒,error=比例,drop=比例，比例在 0 到 1 之间</translation>
    </message>
    <message>
        <location filename="../core/coreoptions.cpp" line="70"/>
        <source>--like-delay takes milliseconds from 0 to 600000</source>
        <translation>--like-delay 的取值为 0 到 600000 毫秒</translation>
    </message>
    <message>
        <location filename="../core/coreoptions.cpp" line="26"/>
        <source>Trust the certificate(s) in FILE (PEM), e.g. a local deployment&apos;s self-signed one, besides the system&apos;s.</source>
        <translation>信任 FILE（PEM）中的证书（例如本地部署的自签名证书），系统信任的证书之外另加。</translation>
    </message>
    <message>
        <location filename="../core/coreoptions.cpp" line="76"/>
        <source>--ca-cert: no PEM certificate in &quot;%1&quot;</source>
        <translation>--ca-cert：“%1”中没有 PEM 证书</translation>
    </message>
</context>
<context>
    <name>RelativeTime</name>
    <message>
        <location filename="../models/common/relativetime.cpp" line="29"/>
        <source>just now</source>
        <translation>刚刚</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/common/relativetime.cpp" line="32"/>
        <source>%n minute(s) ago</source>
        <translation>
            <numerusform>%n分钟前</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/common/relativetime.cpp" line="36"/>
        <source>%n hour(s) ago</source>
        <translation>
            <numerusform>%n小时前</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TimelineModel</name>
    <message numerus="yes">
        <location filename="../models/timeline/timelinemodel.cpp" line="142"/>
        <source>%Ln like(s) today</source>
        <translation>
            <numerusform>今日 %Ln 个赞</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/timeline/timelinemodel.cpp" line="144"/>
        <source>%Ln like(s) this week</source>
        <translation>
            <numerusform>本周 %Ln 个赞</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/timeline/timelinemodel.cpp" line="146"/>
        <source>%Ln view(s) today</source>
        <translation>
            <numerusform>今日 %Ln 次浏览</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/timeline/timelinemodel.cpp" line="148"/>
        <source>%Ln view(s) this week</source>
        <translation>
            <numerusform>本周 %Ln 次浏览</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/timeline/timelinemodel.cpp" line="279"/>
        <source>This kind of post (%1) is not supported yet.</source>
        <extracomment>A post of a kind from a newer server: its kind as the server names it (VIDEO)</extracomment>
        <translation>暂不支持这种动态（%1）。</translation>
    </message>
    <message>
        <location filename="../models/timeline/timelinemodel.cpp" line="283"/>
        <source>%1: %2. %3 · %4 · %5</source>
        <translation>%1：%2。%3 · %4 · %5</translation>
    </message>
    <message>
        <location filename="../models/timeline/timelinemodel.cpp" line="285"/>
        <source>Pictures</source>
        <translation>图片</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/timeline/timelinemodel.cpp" line="287"/>
        <source>%n like(s)</source>
        <translation>
            <numerusform>%n 个赞</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/timeline/timelinemodel.cpp" line="289"/>
        <source>%n comment(s)</source>
        <translation>
            <numerusform>%n 条评论</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/timeline/timelinemodel.cpp" line="313"/>
        <source>Like</source>
        <translation>赞</translation>
    </message>
    <message>
        <location filename="../models/timeline/timelinemodel.cpp" line="319"/>
        <source>Reply</source>
        <translation>回复</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../core/wire/importfile.cpp" line="21"/>
        <source>Cannot import %1: %2; nothing was imported.</source>
        <translation>无法导入 %1：%2；未导入任何内容。</translation>
    </message>
    <message>
        <location filename="../core/wire/importfile.cpp" line="26"/>
        <location filename="../core/wire/importfile.cpp" line="38"/>
        <source>Cannot import %1: it is larger than 16 MiB; nothing was imported.</source>
        <translation>无法导入 %1：文件大于 16 MiB；未导入任何内容。</translation>
    </message>
    <message>
        <location filename="../core/wire/importfile.cpp" line="47"/>
        <source>Cannot import %1: %2 (at %3); nothing was imported.</source>
        <translation>无法导入 %1：%2（位置 %3）；未导入任何内容。</translation>
    </message>
    <message>
        <location filename="../core/wire/importfile.cpp" line="50"/>
        <source>the top level</source>
        <translation>顶层</translation>
    </message>
    <message>
        <location filename="../core/wire/importfile.cpp" line="56"/>
        <source>%1: left out %2 (the other posts are imported)</source>
        <translation>%1：已略过 %2（其余动态照常导入）</translation>
    </message>
    <message>
        <location filename="../app/startupflow.cpp" line="394"/>
        <source>Not signed in: choose File → Sign in…</source>
        <translation>未登录：请选择“文件 → 登录…”</translation>
    </message>
    <message>
        <location filename="../app/startupflow.cpp" line="131"/>
        <source>Your session has ended: sign in again.</source>
        <translation>登录已失效：请重新登录。</translation>
    </message>
    <message>
        <location filename="../app/startupflow.cpp" line="149"/>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <location filename="../app/startupflow.cpp" line="365"/>
        <source>Threadline is already open</source>
        <translation>Threadline 已经打开</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="81"/>
        <source>Threadline is already open for this account: its window was brought up.</source>
        <translation>这个账号的 Threadline 已经打开：已把它的窗口调到前面。</translation>
    </message>
</context>
<context>
    <name>threadline::core::AppCore</name>
    <message>
        <location filename="../core/appcore.cpp" line="70"/>
        <source>The local cache cannot be used (%1); Threadline works from the server only.</source>
        <translation>本地缓存无法使用（%1），Threadline 将只从服务器获取数据。</translation>
    </message>
    <message>
        <location filename="../core/appcore.cpp" line="75"/>
        <source>The local cache was damaged and has been rebuilt from the server. Your unsent changes are safe.</source>
        <translation>本地缓存已损坏，已从服务器重建。你尚未发送的更改不会丢失。</translation>
    </message>
    <message>
        <location filename="../core/appcore.cpp" line="192"/>
        <source>Another server now answers at %1 (its data was replaced). Restart Threadline to see its posts; what you queued for the old one stays in its own file.</source>
        <translation>%1 上现在是另一台服务器（其数据已被替换）。请重新启动 Threadline 以查看它的动态；为原服务器排队的操作仍保存在各自的文件中。</translation>
    </message>
    <message>
        <location filename="../core/appcore.cpp" line="246"/>
        <source>Offline</source>
        <translation>离线</translation>
    </message>
    <message numerus="yes">
        <location filename="../core/appcore.cpp" line="246"/>
        <source>Offline — %n change(s) waiting</source>
        <translation>
            <numerusform>离线 — %n 项更改待发送</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/appcore.cpp" line="248"/>
        <source>Not signed in — reading the cache</source>
        <translation>未登录 — 正在读取缓存</translation>
    </message>
    <message numerus="yes">
        <location filename="../core/appcore.cpp" line="249"/>
        <source>Not signed in — %n change(s) waiting until you sign in</source>
        <translation>
            <numerusform>未登录 — %n 项更改等待登录后发送</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/appcore.cpp" line="251"/>
        <source>Sending %n change(s)…</source>
        <translation>
            <numerusform>正在发送 %n 项更改…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/appcore.cpp" line="254"/>
        <source>Live updates unavailable; checking every %1 s</source>
        <translation>实时更新不可用；每 %1 秒检查一次</translation>
    </message>
    <message numerus="yes">
        <location filename="../core/appcore.cpp" line="260"/>
        <source>%n change(s) failed</source>
        <translation>
            <numerusform>%n 项更改失败</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/appcore.cpp" line="256"/>
        <location filename="../core/appcore.cpp" line="261"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>threadline::core::CertificateProblem</name>
    <message>
        <location filename="../core/net/tlspins.cpp" line="136"/>
        <source>it is not the certificate you trusted for this server: the certificate changed (the one trusted had the fingerprint %1)</source>
        <translation>这不是你为此服务器信任的证书：证书已更换（之前信任的证书指纹为 %1）</translation>
    </message>
    <message>
        <location filename="../core/net/tlspins.cpp" line="142"/>
        <source>it is self-signed, not issued by an authority this computer trusts</source>
        <translation>它是自签名证书，并非由本机信任的证书机构签发</translation>
    </message>
    <message>
        <location filename="../core/net/tlspins.cpp" line="150"/>
        <source>its issuer (%1) is not an authority this computer trusts</source>
        <translation>其签发者（%1）不是本机信任的证书机构</translation>
    </message>
    <message>
        <location filename="../core/net/tlspins.cpp" line="154"/>
        <source>it is for %1, not for %2</source>
        <translation>它属于 %1，而不是 %2</translation>
    </message>
    <message>
        <location filename="../core/net/tlspins.cpp" line="159"/>
        <source>it expired on %1</source>
        <translation>它已于 %1 过期</translation>
    </message>
    <message>
        <location filename="../core/net/tlspins.cpp" line="162"/>
        <source>it is not valid before %1</source>
        <translation>它在 %1 之前无效</translation>
    </message>
    <message>
        <location filename="../core/net/tlspins.cpp" line="165"/>
        <source>it has been revoked</source>
        <translation>它已被吊销</translation>
    </message>
    <message>
        <location filename="../core/net/tlspins.cpp" line="173"/>
        <source>it could not be verified</source>
        <translation>无法验证它</translation>
    </message>
    <message>
        <location filename="../core/net/tlspins.cpp" line="179"/>
        <source>The certificate of %1 is not trusted: %2. Fingerprint (SHA-256): %3</source>
        <translation>%1 的证书不受信任：%2。指纹（SHA-256）：%3</translation>
    </message>
</context>
<context>
    <name>threadline::core::ImageCache</name>
    <message>
        <location filename="../core/images/imagecache.cpp" line="57"/>
        <location filename="../core/images/imagecache.cpp" line="87"/>
        <location filename="../core/images/imagecache.cpp" line="540"/>
        <location filename="../core/images/imagecache.cpp" line="557"/>
        <source>The picture is too large</source>
        <translation>图片过大</translation>
    </message>
    <message>
        <location filename="../core/images/imagecache.cpp" line="83"/>
        <location filename="../core/images/imagecache.cpp" line="559"/>
        <source>The picture could not be read</source>
        <translation>无法读取图片</translation>
    </message>
    <message>
        <location filename="../core/images/imagecache.cpp" line="161"/>
        <location filename="../core/images/imagecache.cpp" line="419"/>
        <location filename="../core/images/imagecache.cpp" line="608"/>
        <source>Offline</source>
        <translation>离线</translation>
    </message>
    <message>
        <location filename="../core/images/imagecache.cpp" line="300"/>
        <source>Not a picture address that can be loaded</source>
        <translation>无法加载此图片地址</translation>
    </message>
    <message>
        <location filename="../core/images/imagecache.cpp" line="451"/>
        <location filename="../core/images/imagecache.cpp" line="553"/>
        <source>The picture could not be downloaded</source>
        <translation>图片下载失败</translation>
    </message>
    <message>
        <location filename="../core/images/imagecache.cpp" line="455"/>
        <source>The picture is on another site</source>
        <translation>图片来自其他网站</translation>
    </message>
    <message>
        <location filename="../core/images/imagecache.cpp" line="544"/>
        <source>The picture could not be loaded (HTTP %1)</source>
        <translation>图片加载失败（HTTP %1）</translation>
    </message>
    <message>
        <location filename="../core/images/imagecache.cpp" line="551"/>
        <source>The picture took too long to load</source>
        <translation>图片加载超时</translation>
    </message>
</context>
<context>
    <name>threadline::core::Keychain</name>
    <message>
        <location filename="../core/account/keychain.cpp" line="117"/>
        <source>The keychain did not answer in time</source>
        <translation>系统钥匙串未及时响应</translation>
    </message>
    <message>
        <location filename="../core/account/keychain.cpp" line="144"/>
        <source>The keychain reported an error</source>
        <translation>系统钥匙串报告了错误</translation>
    </message>
</context>
<context>
    <name>threadline::core::Outbox</name>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="90"/>
        <source>the post</source>
        <translation>该动态</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="93"/>
        <source>the comment</source>
        <translation>该评论</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="96"/>
        <source>this person</source>
        <translation>该用户</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="100"/>
        <source>the reported content</source>
        <translation>被举报的内容</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="116"/>
        <location filename="../core/outbox/outboxphrases.cpp" line="122"/>
        <source>like on %1</source>
        <translation>对%1的赞</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="118"/>
        <location filename="../core/outbox/outboxphrases.cpp" line="131"/>
        <source>unlike of %1</source>
        <translation>取消对%1的赞</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="103"/>
        <source>the message</source>
        <translation>这条留言</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="125"/>
        <source>oppose on %1</source>
        <translation>对%1的踩</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="128"/>
        <source>withdrawn oppose on %1</source>
        <translation>取消对%1的踩</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="112"/>
        <source>message for %1</source>
        <translation>给%1的留言</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="106"/>
        <source>the notification</source>
        <translation>该通知</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="135"/>
        <source>follow of %1</source>
        <translation>对%1的关注</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="137"/>
        <source>unfollow of %1</source>
        <translation>取消对%1的关注</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="141"/>
        <source>reply to %1</source>
        <translation>对%1的回复</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="143"/>
        <source>comment on %1</source>
        <translation>对%1的评论</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="148"/>
        <source>deletion of %1</source>
        <translation>删除%1的操作</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="151"/>
        <source>new post %1</source>
        <translation>发布的新动态%1</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="153"/>
        <source>report on %1</source>
        <translation>对%1的举报</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="157"/>
        <source>hiding of %1</source>
        <translation>隐藏%1的操作</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="161"/>
        <source>unhiding of %1</source>
        <translation>取消隐藏%1的操作</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="164"/>
        <source>dismissal of the reports on %1</source>
        <translation>驳回%1所受举报的操作</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="168"/>
        <source>%1 marked as read</source>
        <translation>将%1标为已读</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="171"/>
        <source>notifications marked as read</source>
        <translation>将通知标为已读</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="191"/>
        <source>the post it refers to could not be saved</source>
        <translation>所关联的动态未能保存</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="193"/>
        <source>the comment it refers to could not be saved</source>
        <translation>所关联的评论未能保存</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="179"/>
        <source>Your %1 could not be saved: %2</source>
        <translation>你%1未能保存：%2</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="212"/>
        <source>Your post could not be published: %1</source>
        <translation>你的动态未能发布：%1</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="239"/>
        <source>Picture %1 (%2) cannot be posted: the file does not exist</source>
        <translation>第 %1 张图片（%2）无法发布：文件不存在</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="246"/>
        <source>Picture %1 (%2) cannot be posted: the file cannot be read (%3)</source>
        <translation>第 %1 张图片（%2）无法发布：无法读取文件（%3）</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="254"/>
        <source>Picture %1 (%2) cannot be posted: it is larger than 5 MiB</source>
        <translation>第 %1 张图片（%2）无法发布：文件超过 5 MiB</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="261"/>
        <source>Picture %1 (%2) cannot be posted: it is not a PNG, JPEG or WebP image</source>
        <translation>第 %1 张图片（%2）无法发布：不是 PNG、JPEG 或 WebP 图片</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="232"/>
        <source>A post can have at most %1 pictures</source>
        <translation>一条动态最多只能有 %1 张图片</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="199"/>
        <source>what it refers to could not be saved</source>
        <translation>所关联的内容未能保存</translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="225"/>
        <source>picture %1 was lost before it could be uploaded</source>
        <translation>第 %1 张图片在上传前丢失</translation>
    </message>
    <message numerus="yes">
        <location filename="../core/outbox/outboxphrases.cpp" line="271"/>
        <source>%n change(s) saved</source>
        <translation>
            <numerusform>已保存 %n 项更改</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="274"/>
        <source>%1.</source>
        <translation>%1。</translation>
    </message>
    <message numerus="yes">
        <location filename="../core/outbox/outboxphrases.cpp" line="275"/>
        <source>%n could not be</source>
        <translation>
            <numerusform>%n 项未能保存</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="277"/>
        <source>%1; %2:</source>
        <translation>%1；%2：</translation>
    </message>
    <message>
        <location filename="../core/outbox/outbox.cpp" line="119"/>
        <source>This account is already open in another Threadline window (process %1). Close that one first: one outbox is never sent from two places.</source>
        <translation>这个账号已在另一个 Threadline 窗口中打开（进程 %1）。请先关闭那个窗口：同一个发件箱绝不会从两个地方发送。</translation>
    </message>
</context>
<context>
    <name>threadline::core::Session</name>
    <message>
        <location filename="../core/account/session.cpp" line="197"/>
        <source>The server address is not valid</source>
        <translation>服务器地址无效</translation>
    </message>
    <message>
        <location filename="../core/account/session.cpp" line="199"/>
        <source>Enter your username and password</source>
        <translation>请输入用户名和密码</translation>
    </message>
    <message>
        <location filename="../core/account/session.cpp" line="235"/>
        <source>Your sign-in cannot be saved because the system keychain is not available (%1). You stay signed in until you quit; next time you will have to sign in again.</source>
        <translation>系统钥匙串不可用（%1），无法保存登录信息。退出前你会保持登录，下次启动时需要重新登录。</translation>
    </message>
    <message>
        <location filename="../core/account/session.cpp" line="281"/>
        <source>Your saved sign-in cannot be read because the system keychain is not available (%1). Please sign in.</source>
        <translation>系统钥匙串不可用（%1），无法读取已保存的登录信息。请重新登录。</translation>
    </message>
    <message>
        <location filename="../core/account/session.cpp" line="372"/>
        <source>Your saved sign-in could not be removed because the system keychain is not available (%1).</source>
        <translation>系统钥匙串不可用（%1），无法删除已保存的登录信息。</translation>
    </message>
</context>
<context>
    <name>threadline::core::SyncEngine</name>
    <message>
        <location filename="../core/syncengine.cpp" line="290"/>
        <source>The server refuses every sync position (410 cursor expired); updates are paused until the next refresh.</source>
        <translation>服务器拒绝了所有同步位置（410 游标已过期）；更新已暂停，直到下次刷新。</translation>
    </message>
</context>
<context>
    <name>threadline::models::ActivityFeed</name>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="206"/>
        <source>Could not load the activity of people you follow: %1</source>
        <translation>无法加载关注的人的动态：%1</translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="209"/>
        <source>Could not load everyone&apos;s activity: %1</source>
        <translation>无法加载所有人的活动：%1</translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="212"/>
        <source>Could not load this person&apos;s activity: %1</source>
        <translation>无法加载此人的活动：%1</translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="215"/>
        <source>Could not load your activity: %1</source>
        <translation>无法加载你的活动：%1</translation>
    </message>
</context>
<context>
    <name>threadline::models::ActivityModel</name>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="31"/>
        <source>%1 posted</source>
        <translation>%1 发布了动态</translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="34"/>
        <source>%1 commented on their own post</source>
        <translation>%1 评论了自己的动态</translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="35"/>
        <source>%1 commented on %2&apos;s post</source>
        <translation>%1 评论了 %2 的动态</translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="36"/>
        <source>%1 commented on a post</source>
        <translation>%1 评论了一条动态</translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="39"/>
        <source>%1 liked their own post</source>
        <translation>%1 赞了自己的动态</translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="40"/>
        <source>%1 liked %2&apos;s post</source>
        <translation>%1 赞了 %2 的动态</translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="41"/>
        <source>%1 liked a post</source>
        <translation>%1 赞了一条动态</translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="44"/>
        <source>%1 followed %2</source>
        <translation>%1 关注了 %2</translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="45"/>
        <source>%1 followed someone</source>
        <translation>%1 关注了一个人</translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="48"/>
        <source>%1 replied to a comment on their own post</source>
        <translation>%1 回复了自己动态下的评论</translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="49"/>
        <source>%1 replied to a comment on %2&apos;s post</source>
        <translation>%1 回复了%2动态下的评论</translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="50"/>
        <source>%1 replied to a comment</source>
        <translation>%1 回复了一条评论</translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="52"/>
        <source>%1 left a message for %2</source>
        <translation>%1 给%2留言</translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="54"/>
        <source>%1 left a message</source>
        <translation>%1 留了言</translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="57"/>
        <source>%1 posted in a topic</source>
        <translation>%1 在话题中发布了动态</translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="58"/>
        <source>%1 posted in #%2</source>
        <translation>%1 在 #%2# 发布了动态</translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="63"/>
        <source>%1 did something of a kind this version does not support yet (&quot;%2&quot;)</source>
        <translation>%1 有一条此版本暂不支持的动态（“%2”）</translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="90"/>
        <source>%1. %2</source>
        <extracomment>An activity row for a screen reader: &quot;李四 liked 王五&apos;s post: “the text”. 5 minutes ago&quot;</extracomment>
        <translation>%1。%2</translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="91"/>
        <source>%1: “%2”. %3</source>
        <translation>%1：“%2”。%3</translation>
    </message>
</context>
<context>
    <name>threadline::models::ActivityStatsFeed</name>
    <message>
        <location filename="../models/people/activitystatsfeed.cpp" line="24"/>
        <source>Only moderators can see the statistics.</source>
        <translation>只有管理员可以查看统计。</translation>
    </message>
    <message>
        <location filename="../models/people/activitystatsfeed.cpp" line="25"/>
        <source>Could not load the statistics: %1</source>
        <translation>无法加载统计：%1</translation>
    </message>
</context>
<context>
    <name>threadline::models::CommentTreeModel</name>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="255"/>
        <source>Loading floors…</source>
        <translation>正在加载楼层…</translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="256"/>
        <source>Could not load more floors — try again</source>
        <translation>无法加载更多楼层 — 点击重试</translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="257"/>
        <source>Load more floors</source>
        <translation>加载更多楼层</translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="279"/>
        <source>Loading replies…</source>
        <translation>正在加载回复…</translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="280"/>
        <source>Could not load the replies — try again</source>
        <translation>无法加载回复 — 点击重试</translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="281"/>
        <source>More replies (%1)</source>
        <translation>更多回复（%1）</translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="318"/>
        <location filename="../models/thread/commenttreemodel.cpp" line="327"/>
        <source>%1 replied to %2</source>
        <translation>%1 回复 %2</translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="323"/>
        <source>Reply to %1</source>
        <translation>回复 %1</translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="334"/>
        <source>%1, floor %2: %3. %4 · %5 · %6</source>
        <extracomment>A comment for a screen reader: &quot;李四 replied to 王五, floor 3: text. 2 likes · 1 reply · 5 minutes ago&quot;</extracomment>
        <translation>%1，%2 楼：%3。%4 · %5 · %6</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/thread/commenttreemodel.cpp" line="336"/>
        <source>%n like(s)</source>
        <translation>
            <numerusform>%n 个赞</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/thread/commenttreemodel.cpp" line="337"/>
        <source>%n reply(s)</source>
        <translation>
            <numerusform>%n 条回复</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/thread/commenttreemodel.cpp" line="338"/>
        <source>%n direct reply(s)</source>
        <translation>
            <numerusform>%n 条直接回复</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/thread/commenttreemodel.cpp" line="341"/>
        <source>%n oppose(s)</source>
        <translation>
            <numerusform>%n 个踩</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="343"/>
        <source>you like it</source>
        <translation>你赞了</translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="345"/>
        <source>you oppose it</source>
        <translation>你踩了</translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="347"/>
        <source>hidden by a moderator</source>
        <translation>已被管理员隐藏</translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="350"/>
        <source>sending</source>
        <translation>发送中</translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="352"/>
        <source>not sent</source>
        <translation>未发送</translation>
    </message>
</context>
<context>
    <name>threadline::models::DeviceTableFeed</name>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="327"/>
        <source>The device names could not be loaded: %1</source>
        <translation>无法加载设备名称：%1</translation>
    </message>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="355"/>
        <source>Enter the raw model as devices report it, e.g. “oneplus a6000”.</source>
        <translation>请输入设备上报的原始型号，例如“oneplus a6000”。</translation>
    </message>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="359"/>
        <source>Enter the name to show for “%1”.</source>
        <translation>请输入“%1”要显示的名称。</translation>
    </message>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="364"/>
        <location filename="../models/moderation/devicetablemodel.cpp" line="406"/>
        <source>“%1” is still being saved; wait for the server&apos;s answer.</source>
        <translation>“%1”仍在保存中，请等待服务器答复。</translation>
    </message>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="395"/>
        <source>The name for “%1” could not be saved: %2</source>
        <translation>无法保存“%1”的名称：%2</translation>
    </message>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="429"/>
        <source>“%1” could not be removed: %2</source>
        <translation>无法删除“%1”：%2</translation>
    </message>
</context>
<context>
    <name>threadline::models::DeviceTableModel</name>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="41"/>
        <source>Saving…</source>
        <translation>正在保存…</translation>
    </message>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="43"/>
        <source>Removing…</source>
        <translation>正在删除…</translation>
    </message>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="221"/>
        <source>Saving; the server has “%1”</source>
        <translation>正在保存；服务器上仍是“%1”</translation>
    </message>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="241"/>
        <source>Raw model</source>
        <translation>原始型号</translation>
    </message>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="243"/>
        <source>Display name</source>
        <translation>显示名称</translation>
    </message>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="245"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>threadline::models::ErrorLogModel</name>
    <message>
        <location filename="../models/errorlogmodel.cpp" line="104"/>
        <source>Time: %1</source>
        <translation>时间：%1</translation>
    </message>
    <message>
        <location filename="../models/errorlogmodel.cpp" line="106"/>
        <source>Request: %1</source>
        <translation>请求：%1</translation>
    </message>
    <message>
        <location filename="../models/errorlogmodel.cpp" line="107"/>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <location filename="../models/errorlogmodel.cpp" line="153"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location filename="../models/errorlogmodel.cpp" line="163"/>
        <source>%1, %2: %3</source>
        <translation>%1，%2：%3</translation>
    </message>
    <message>
        <location filename="../models/errorlogmodel.cpp" line="164"/>
        <source>%1, %2: %3. Request id %4</source>
        <translation>%1，%2：%3。请求 ID %4</translation>
    </message>
    <message>
        <location filename="../models/errorlogmodel.cpp" line="183"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../models/errorlogmodel.cpp" line="185"/>
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../models/errorlogmodel.cpp" line="187"/>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../models/errorlogmodel.cpp" line="189"/>
        <source>Request id</source>
        <translation>请求 ID</translation>
    </message>
</context>
<context>
    <name>threadline::models::ModerationLogModel</name>
    <message>
        <location filename="../models/moderation/moderationlogmodel.cpp" line="46"/>
        <source>hid</source>
        <translation>隐藏了</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationlogmodel.cpp" line="48"/>
        <source>unhid</source>
        <translation>恢复了</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationlogmodel.cpp" line="50"/>
        <source>dismissed the reports on</source>
        <translation>驳回了举报：</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationlogmodel.cpp" line="52"/>
        <source>deleted</source>
        <translation>删除了</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationlogmodel.cpp" line="54"/>
        <source>changed a device name</source>
        <translation>修改了设备名称</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationlogmodel.cpp" line="69"/>
        <source>%1 %2 post %3</source>
        <translation>%1 %2动态 %3</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationlogmodel.cpp" line="74"/>
        <source>%1 %2 comment %3</source>
        <translation>%1 %2评论 %3</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationlogmodel.cpp" line="79"/>
        <source>%1 %2 message %3</source>
        <translation>%1 %2留言 %3</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationlogmodel.cpp" line="84"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationlogmodel.cpp" line="88"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>threadline::models::ModerationQueueFeed</name>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="433"/>
        <source>%1&apos;s post</source>
        <translation>%1 的动态</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="434"/>
        <source>the reported post</source>
        <translation>被举报的动态</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="436"/>
        <source>%1&apos;s message</source>
        <translation>%1 的留言</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="437"/>
        <source>the reported message</source>
        <translation>被举报的留言</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="438"/>
        <source>%1&apos;s comment</source>
        <translation>%1 的评论</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="439"/>
        <source>the reported comment</source>
        <translation>被举报的评论</translation>
    </message>
</context>
<context>
    <name>threadline::models::ModerationQueueModel</name>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="204"/>
        <source>Spam</source>
        <translation>垃圾广告</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="206"/>
        <source>Abuse</source>
        <translation>辱骂骚扰</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="208"/>
        <source>Illegal</source>
        <translation>违法内容</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="210"/>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="319"/>
        <source>Deleted post</source>
        <translation>已删除的动态</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="320"/>
        <source>Deleted message</source>
        <translation>已删除的留言</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="321"/>
        <source>Deleted comment</source>
        <translation>已删除的评论</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="328"/>
        <source>Message by %1 on %2&apos;s board: %3</source>
        <translation>%1 在 %2 的留言板上的留言：%3</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="331"/>
        <source>Post by %1: %2</source>
        <translation>%1 的动态：%2</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="332"/>
        <source>Comment by %1: %2</source>
        <translation>%1 的评论：%2</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="336"/>
        <source>%n report(s)</source>
        <translation>
            <numerusform>%n 条举报</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="337"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="340"/>
        <source>auto-flagged: “%1”</source>
        <translation>自动标记：“%1”</translation>
    </message>
</context>
<context>
    <name>threadline::models::NotificationText</name>
    <message numerus="yes">
        <location filename="../models/notifications/desktopalerts.cpp" line="21"/>
        <source>%n new reply(s) and comment(s) on a post</source>
        <translation>
            <numerusform>一条动态有 %n 条新回复和评论</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/notifications/desktopalerts.cpp" line="23"/>
        <source>%n new message(s) on your board</source>
        <translation>
            <numerusform>你的留言板有 %n 条新留言</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/notifications/desktopalerts.cpp" line="25"/>
        <source>%n new follower(s)</source>
        <translation>
            <numerusform>%n 位新粉丝</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/notifications/desktopalerts.cpp" line="27"/>
        <source>%n new notification(s)</source>
        <translation>
            <numerusform>%n 条新通知</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/notifications/desktopalerts.cpp" line="85"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="15"/>
        <source>Someone</source>
        <translation>有人</translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="27"/>
        <source>%1 replied to your comment</source>
        <translation>%1 回复了你的评论</translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="29"/>
        <source>%1 commented on your post</source>
        <translation>%1 评论了你的动态</translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="31"/>
        <source>%1 left a message on your board</source>
        <translation>%1 给你留言了</translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="33"/>
        <source>%1 followed you</source>
        <translation>%1 关注了你</translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="38"/>
        <source>%1 liked your comment</source>
        <translation>%1 赞了你的评论</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/notifications/notificationtext.cpp" line="39"/>
        <source>%1 and %n other(s) liked your comment</source>
        <translation>
            <numerusform>%1 和另外 %n 人赞了你的评论</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="42"/>
        <source>%1 liked your message</source>
        <translation>%1 赞了你的留言</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/notifications/notificationtext.cpp" line="43"/>
        <source>%1 and %n other(s) liked your message</source>
        <translation>
            <numerusform>%1 和另外 %n 人赞了你的留言</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="44"/>
        <source>%1 liked your post</source>
        <translation>%1 赞了你的动态</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/notifications/notificationtext.cpp" line="45"/>
        <source>%1 and %n other(s) liked your post</source>
        <translation>
            <numerusform>%1 和另外 %n 人赞了你的动态</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="48"/>
        <source>your comment</source>
        <translation>你的评论</translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="49"/>
        <source>your message</source>
        <translation>你的留言</translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="50"/>
        <source>your post</source>
        <translation>你的动态</translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="52"/>
        <source>A moderator restored %1</source>
        <translation>管理员恢复了%1</translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="54"/>
        <source>A moderator deleted %1</source>
        <translation>管理员删除了%1</translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="55"/>
        <source>A moderator hid %1</source>
        <translation>管理员隐藏了%1</translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="60"/>
        <source>A notification</source>
        <translation>一条通知</translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="60"/>
        <source>%1: a notification</source>
        <translation>%1：一条通知</translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="68"/>
        <source>Reason: %1</source>
        <translation>原因：%1</translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="71"/>
        <source>“%1”</source>
        <translation>“%1”</translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="78"/>
        <source>This kind of notification (%1) is not supported by this version yet.</source>
        <translation>此版本暂不支持这类通知（%1）。</translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="92"/>
        <source>unread</source>
        <translation>未读</translation>
    </message>
</context>
<context>
    <name>threadline::models::OutboxModel</name>
    <message>
        <location filename="../models/outboxmodel.cpp" line="32"/>
        <source>“%1”</source>
        <translation>“%1”</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="128"/>
        <source>Change</source>
        <translation>更改</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="130"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="257"/>
        <source>it</source>
        <translation>对象</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="261"/>
        <location filename="../models/outboxmodel.cpp" line="267"/>
        <source>Like on %1</source>
        <translation>赞%1</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="261"/>
        <location filename="../models/outboxmodel.cpp" line="271"/>
        <source>Unlike of %1</source>
        <translation>取消赞%1</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="263"/>
        <source>Message on %1: %2</source>
        <translation>在%1留言：%2</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="269"/>
        <source>Oppose on %1</source>
        <translation>踩%1</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="270"/>
        <source>Oppose taken back on %1</source>
        <translation>取消踩%1</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="274"/>
        <source>Follow %1</source>
        <translation>关注%1</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="274"/>
        <source>Unfollow %1</source>
        <translation>取消关注%1</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="282"/>
        <source>Reply to %1: %2</source>
        <translation>回复%1：%2</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="283"/>
        <source>Reply under %1: %2</source>
        <translation>在%1下回复：%2</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="285"/>
        <source>Comment on %1: %2</source>
        <translation>评论%1：%2</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="290"/>
        <source>Delete %1</source>
        <translation>删除%1</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="295"/>
        <source>New post</source>
        <translation>新动态</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="295"/>
        <source>New post: %1</source>
        <translation>新动态：%1</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/outboxmodel.cpp" line="296"/>
        <source>%1 (%n picture(s))</source>
        <translation>
            <numerusform>%1（%n 张图片）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="299"/>
        <source>Report %1</source>
        <translation>举报%1</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="303"/>
        <source>Hide %1</source>
        <translation>隐藏%1</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="307"/>
        <source>Unhide %1</source>
        <translation>取消隐藏%1</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="309"/>
        <source>Dismiss the reports on %1</source>
        <translation>驳回对%1的举报</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="311"/>
        <source>Mark a notification as read</source>
        <translation>将一条通知标为已读</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="313"/>
        <source>Mark notifications as read</source>
        <translation>将通知标为已读</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="337"/>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="340"/>
        <source>Sending…</source>
        <translation>正在发送…</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="343"/>
        <source>Waiting for the network (offline)</source>
        <translation>等待网络（离线）</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="346"/>
        <source>Waiting for you to sign in again</source>
        <translation>等待你重新登录</translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="349"/>
        <source>Waiting for what it refers to, to be sent first</source>
        <translation>等待它所指向的内容先发送</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/outboxmodel.cpp" line="355"/>
        <source>Retry in %n s</source>
        <translation>
            <numerusform>%n 秒后重试</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/outboxmodel.cpp" line="356"/>
        <source>Retry in %n s after “%1”</source>
        <translation>
            <numerusform>因“%1”，%n 秒后重试</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/outboxmodel.cpp" line="361"/>
        <source>Waiting for the like delay: sent in %n s</source>
        <translation>
            <numerusform>等待点赞延时：%n 秒后发送</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/outboxmodel.cpp" line="366"/>
        <source>Waiting for the server: next try in %n s</source>
        <translation>
            <numerusform>等待服务器：%n 秒后再试</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="369"/>
        <source>Waiting to be sent</source>
        <translation>等待发送</translation>
    </message>
</context>
<context>
    <name>threadline::models::PagedFeedBase</name>
    <message>
        <location filename="../models/common/pagedfeed.cpp" line="84"/>
        <source>Showing what was saved on %1. It could not be brought up to date: %2</source>
        <translation>显示的是 %1 保存的内容，暂时无法更新：%2</translation>
    </message>
</context>
<context>
    <name>threadline::models::RankingFeed</name>
    <message>
        <location filename="../models/rankings/rankingfeed.cpp" line="108"/>
        <source>Could not load the ranking: %1</source>
        <translation>无法加载排行榜：%1</translation>
    </message>
</context>
<context>
    <name>threadline::models::RankingModel</name>
    <message numerus="yes">
        <location filename="../models/rankings/rankingmodel.cpp" line="47"/>
        <source>%1. %2, %n points</source>
        <translation>
            <numerusform>第 %1 名 %2，%n 分</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/rankings/rankingdelegate.cpp" line="79"/>
        <source>%n points</source>
        <translation>
            <numerusform>%n 分</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingdelegate.cpp" line="89"/>
        <source>%1 (me)</source>
        <translation>%1（我）</translation>
    </message>
</context>
<context>
    <name>threadline::models::SearchFeed</name>
    <message>
        <location filename="../models/search/searchfeed.cpp" line="48"/>
        <source>Could not search what is saved on this computer: %1</source>
        <translation>无法搜索本机保存的内容：%1</translation>
    </message>
    <message>
        <location filename="../models/search/searchfeed.cpp" line="180"/>
        <source>Could not search: %1</source>
        <translation>无法搜索：%1</translation>
    </message>
    <message>
        <location filename="../models/search/searchfeed.cpp" line="181"/>
        <source>Could not load more results: %1</source>
        <translation>无法加载更多结果：%1</translation>
    </message>
    <message>
        <location filename="../models/search/searchfeed.cpp" line="286"/>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <location filename="../models/search/searchfeed.cpp" line="287"/>
        <source>Searching what is saved on this computer…</source>
        <translation>正在搜索本机保存的内容…</translation>
    </message>
    <message>
        <location filename="../models/search/searchfeed.cpp" line="291"/>
        <source>Searched the server.</source>
        <translation>已搜索服务器。</translation>
    </message>
    <message>
        <location filename="../models/search/searchfeed.cpp" line="294"/>
        <source>Offline: searched what is saved on this computer.</source>
        <translation>离线：已搜索本机保存的内容。</translation>
    </message>
    <message>
        <location filename="../models/search/searchfeed.cpp" line="298"/>
        <source>The server could not be reached (%1), so this searched what is saved on this computer.</source>
        <extracomment>%1: why the server could not be reached</extracomment>
        <translation>无法连接服务器（%1），因此搜索的是本机保存的内容。</translation>
    </message>
    <message>
        <location filename="../models/search/searchfeed.cpp" line="303"/>
        <source>This server cannot search, so this searched what is saved on this computer.</source>
        <translation>此服务器不支持搜索，因此搜索的是本机保存的内容。</translation>
    </message>
    <message>
        <location filename="../models/search/searchfeed.cpp" line="311"/>
        <source>Nothing matches “%1”.</source>
        <extracomment>%1: the text searched for</extracomment>
        <translation>没有与“%1”相符的内容。</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/search/searchfeed.cpp" line="314"/>
        <source>Only the newest %n comment(s) were looked through: type 3 or more characters to search them all.</source>
        <translation>
            <numerusform>只查看了最新的 %n 条评论：输入 3 个或更多的字即可搜索全部评论。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/search/searchfeed.cpp" line="317"/>
        <source>Only the newest %n post(s) were looked through: type 3 or more characters to search them all.</source>
        <translation>
            <numerusform>只查看了最新的 %n 条动态：输入 3 个或更多的字即可搜索全部动态。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>threadline::models::StatsPeopleModel</name>
    <message>
        <location filename="../models/people/statspeoplemodel.cpp" line="41"/>
        <source>%1 (%2)</source>
        <extracomment>A person in a statistics list: &quot;nickname (uid)&quot;</extracomment>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>threadline::models::ThreadLoader</name>
    <message>
        <location filename="../models/thread/threadloader.cpp" line="95"/>
        <source>Offline: the comments are not available.</source>
        <translation>离线：评论不可用。</translation>
    </message>
    <message>
        <location filename="../models/thread/threadloader.cpp" line="153"/>
        <source>This post is no longer available.</source>
        <translation>这条动态已不存在。</translation>
    </message>
    <message>
        <location filename="../models/thread/threadloader.cpp" line="157"/>
        <location filename="../models/thread/threadloader.cpp" line="167"/>
        <source>Could not load the comments</source>
        <translation>无法加载评论</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/thread/threadloader.cpp" line="276"/>
        <source>Offline: this post has %n comment(s), and reading them needs a connection.</source>
        <translation>
            <numerusform>离线：这条动态有 %n 条评论，需要联网才能查看。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/thread/threadloader.cpp" line="280"/>
        <source>Offline: %1 of the %n comment(s) are saved on this computer; the rest need a connection.</source>
        <translation>
            <numerusform>离线：共 %n 条评论，本机保存了 %1 条；其余的需要联网查看。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/thread/threadloader.cpp" line="297"/>
        <source>Offline: more comments cannot be loaded.</source>
        <translation>离线：无法加载更多评论。</translation>
    </message>
    <message>
        <location filename="../models/thread/threadloader.cpp" line="315"/>
        <source>Offline: more replies cannot be loaded.</source>
        <translation>离线：无法加载更多回复。</translation>
    </message>
    <message>
        <location filename="../models/thread/threadloader.cpp" line="330"/>
        <source>This floor is no longer available.</source>
        <translation>这层楼已不存在。</translation>
    </message>
    <message>
        <location filename="../models/thread/threadloader.cpp" line="333"/>
        <location filename="../models/thread/threadloader.cpp" line="343"/>
        <source>Could not load the replies</source>
        <translation>无法加载回复</translation>
    </message>
    <message>
        <location filename="../models/thread/threadloader.cpp" line="367"/>
        <source>Offline: the rest of this floor is not in the local cache.</source>
        <translation>离线：这层楼的其余回复不在本地缓存中。</translation>
    </message>
    <message>
        <location filename="../models/thread/threadloader.cpp" line="388"/>
        <source>The local cache could not be read: %1</source>
        <translation>无法读取本地缓存：%1</translation>
    </message>
    <message>
        <location filename="../models/thread/threadloader.cpp" line="395"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>threadline::models::TimelineFeed</name>
    <message>
        <location filename="../models/timeline/timelinefeed.cpp" line="270"/>
        <location filename="../models/timeline/timelinefeed.cpp" line="285"/>
        <location filename="../models/timeline/timelinefeed.cpp" line="362"/>
        <location filename="../models/timeline/timelinefeed.cpp" line="374"/>
        <source>Offline — showing saved posts</source>
        <translation>离线 — 显示已保存的动态</translation>
    </message>
    <message>
        <location filename="../models/timeline/timelinefeed.cpp" line="272"/>
        <location filename="../models/timeline/timelinefeed.cpp" line="290"/>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <location filename="../models/timeline/timelinefeed.cpp" line="363"/>
        <source>Showing saved posts</source>
        <translation>显示已保存的动态</translation>
    </message>
    <message>
        <location filename="../models/timeline/timelinefeed.cpp" line="365"/>
        <source>Showing saved posts — updating…</source>
        <translation>显示已保存的动态 — 正在更新…</translation>
    </message>
    <message>
        <location filename="../models/timeline/timelinefeed.cpp" line="377"/>
        <source>Could not load the timeline: %1</source>
        <translation>无法加载动态列表：%1</translation>
    </message>
    <message>
        <location filename="../models/timeline/timelinefeed.cpp" line="378"/>
        <source>Could not load more posts: %1</source>
        <translation>无法加载更多动态：%1</translation>
    </message>
    <message>
        <location filename="../models/timeline/timelinefeed.cpp" line="436"/>
        <location filename="../models/timeline/timelinefeed.cpp" line="465"/>
        <location filename="../models/timeline/timelinefeed.cpp" line="500"/>
        <source>Up to date</source>
        <translation>已是最新</translation>
    </message>
</context>
<context>
    <name>threadline::ui::ActivityCalendar</name>
    <message>
        <location filename="../ui/people/activitycalendar.cpp" line="33"/>
        <source>en_US</source>
        <extracomment>The locale (language_COUNTRY) whose month and weekday names the activity calendar uses</extracomment>
        <translation>zh_CN</translation>
    </message>
    <message>
        <location filename="../ui/people/activitycalendar.cpp" line="228"/>
        <source>MMMM yyyy</source>
        <extracomment>How the activity calendar names a month (QDate format): &quot;November 2026&quot;</extracomment>
        <translation>yyyy年M月</translation>
    </message>
    <message>
        <location filename="../ui/people/activitycalendar.cpp" line="247"/>
        <source>1 active day in %1</source>
        <extracomment>One day of a month a person was active on: &quot;1 active day in November 2026&quot;</extracomment>
        <translation>%1共活跃 1 天</translation>
    </message>
    <message>
        <location filename="../ui/people/activitycalendar.cpp" line="250"/>
        <source>%1 active days in %2</source>
        <extracomment>The days of a month a person was active on: &quot;12 active days in November 2026&quot;</extracomment>
        <translation>%2共活跃 %1 天</translation>
    </message>
    <message>
        <location filename="../ui/people/activitycalendar.cpp" line="254"/>
        <source>Loading activity…</source>
        <translation>正在加载活跃情况…</translation>
    </message>
    <message>
        <location filename="../ui/people/activitycalendar.cpp" line="258"/>
        <source>The month before (Page Up)</source>
        <translation>上个月（Page Up）</translation>
    </message>
    <message>
        <location filename="../ui/people/activitycalendar.cpp" line="259"/>
        <source>The month before</source>
        <translation>上个月</translation>
    </message>
    <message>
        <location filename="../ui/people/activitycalendar.cpp" line="260"/>
        <source>The month after (Page Down)</source>
        <translation>下个月（Page Down）</translation>
    </message>
    <message>
        <location filename="../ui/people/activitycalendar.cpp" line="261"/>
        <source>The month after</source>
        <translation>下个月</translation>
    </message>
    <message>
        <location filename="../ui/people/activitycalendar.cpp" line="262"/>
        <source>Active days</source>
        <translation>活跃日</translation>
    </message>
    <message>
        <location filename="../ui/people/activitycalendar.cpp" line="268"/>
        <source>%1. Active on: %2</source>
        <translation>%1。活跃日期：%2</translation>
    </message>
</context>
<context>
    <name>threadline::ui::ActivityChart</name>
    <message>
        <location filename="../ui/moderation/activitychart.cpp" line="111"/>
        <source>%1: %2 active</source>
        <extracomment>A bar of the statistics chart: &quot;2026-11-12: 5 active&quot;</extracomment>
        <translation>%1：%2 人活跃</translation>
    </message>
    <message>
        <location filename="../ui/moderation/activitychart.cpp" line="111"/>
        <source>%1: not loaded</source>
        <translation>%1：未加载</translation>
    </message>
    <message>
        <location filename="../ui/moderation/activitychart.cpp" line="121"/>
        <source>People active per day</source>
        <translation>每日活跃人数</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/moderation/activitychart.cpp" line="124"/>
        <source>The %n days from %1 to %2.</source>
        <translation>
            <numerusform>从 %1 到 %2 的 %n 天。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/moderation/activitychart.cpp" line="128"/>
        <source>Selected: %1.</source>
        <translation>已选：%1。</translation>
    </message>
</context>
<context>
    <name>threadline::ui::ActivityDelegate</name>
    <message>
        <location filename="../ui/people/activitydelegate.cpp" line="265"/>
        <source>Picture</source>
        <translation>图片</translation>
    </message>
    <message>
        <location filename="../ui/people/activitydelegate.cpp" line="265"/>
        <source>Not loaded</source>
        <translation>未加载</translation>
    </message>
</context>
<context>
    <name>threadline::ui::ActivityView</name>
    <message>
        <location filename="../ui/people/activityview.cpp" line="88"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="91"/>
        <source>Open the person&apos;s page</source>
        <translation>打开此人的主页</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="222"/>
        <source>%1 Press F5 to try again.</source>
        <translation>%1 按 F5 重试。</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="224"/>
        <source>Loading activity…</source>
        <translation>正在加载活跃情况…</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="226"/>
        <source>Nothing here yet: no posts, comments, likes or follows.</source>
        <translation>这里还没有内容：没有发布、评论、点赞或关注。</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="229"/>
        <source>Nothing yet from the people you follow. Follow someone from their page, or look at Everyone.</source>
        <translation>你关注的人还没有活动。可以在别人的主页关注对方，或者看看“所有人”。</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="232"/>
        <source>Nobody has posted, commented, liked or followed anyone yet.</source>
        <translation>还没有人发布、评论、点赞或关注。</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="234"/>
        <source>You have not posted, commented, liked or followed anyone yet.</source>
        <translation>你还没有发布、评论、点赞或关注过任何人。</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="250"/>
        <source>Following</source>
        <translation>关注</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="251"/>
        <source>Everyone</source>
        <translation>所有人</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="252"/>
        <source>Mine</source>
        <translation>我的</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="253"/>
        <source>Whose activity</source>
        <translation>谁的活动</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="254"/>
        <source>All kinds</source>
        <translation>全部类型</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="254"/>
        <source>Posts</source>
        <translation>动态</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="254"/>
        <source>Comments</source>
        <translation>评论</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="254"/>
        <source>Replies</source>
        <translation>回复</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="255"/>
        <source>Likes</source>
        <translation>点赞</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="255"/>
        <source>Follows</source>
        <translation>关注</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="255"/>
        <source>Messages</source>
        <translation>留言</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="255"/>
        <source>Topic posts</source>
        <translation>话题动态</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="258"/>
        <source>Which kinds of activity</source>
        <translation>动态类型</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="259"/>
        <source>Show only one kind of activity</source>
        <translation>只显示一种类型的动态</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="260"/>
        <source>This person&apos;s activity</source>
        <translation>此人的活动</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="260"/>
        <source>Activity</source>
        <translation>活动</translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="261"/>
        <source>Return opens what a row is about; Shift+Return opens the person who did it; T opens the topic a row names.</source>
        <translation>回车打开这一行所说的内容；Shift+回车打开做这件事的人；T 打开这一行提到的话题。</translation>
    </message>
</context>
<context>
    <name>threadline::ui::CertificateDialog</name>
    <message>
        <location filename="../ui/dialogs/certificatedialog.cpp" line="38"/>
        <source>The server&apos;s certificate changed</source>
        <translation>服务器的证书已更换</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/certificatedialog.cpp" line="39"/>
        <source>Untrusted certificate</source>
        <translation>不受信任的证书</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/certificatedialog.cpp" line="43"/>
        <source>Fingerprint (SHA-256): %1</source>
        <translation>指纹（SHA-256）：%1</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/certificatedialog.cpp" line="44"/>
        <source>Issued to: %1</source>
        <translation>颁发给：%1</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/certificatedialog.cpp" line="44"/>
        <source>Issued by: %1</source>
        <translation>颁发者：%1</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/certificatedialog.cpp" line="45"/>
        <source>Valid from %1 until %2</source>
        <translation>有效期：%1 至 %2</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/certificatedialog.cpp" line="46"/>
        <source>Trust it only if you know that this is the certificate of %1 (ask whoever runs the server to compare the fingerprint). It will be remembered for this server.</source>
        <translation>只有在确认这是 %1 的证书时才信任它（可请服务器管理员核对指纹）。此选择会为该服务器记住。</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/certificatedialog.cpp" line="52"/>
        <source>&amp;Trust this certificate</source>
        <translation>信任此证书(&amp;T)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/certificatedialog.cpp" line="72"/>
        <source>The certificate of %1 is not trusted: %2.</source>
        <translation>%1 的证书不受信任：%2。</translation>
    </message>
</context>
<context>
    <name>threadline::ui::CommentDelegate</name>
    <message>
        <location filename="../ui/thread/commentdelegate.cpp" line="62"/>
        <source>Floor %1</source>
        <translation>%1楼</translation>
    </message>
    <message>
        <location filename="../ui/thread/commentdelegate.cpp" line="67"/>
        <source>New floor, not sent</source>
        <translation>新楼层，未发送</translation>
    </message>
    <message>
        <location filename="../ui/thread/commentdelegate.cpp" line="68"/>
        <source>New floor, sending…</source>
        <translation>新楼层，发送中…</translation>
    </message>
    <message>
        <location filename="../ui/thread/commentdelegate.cpp" line="251"/>
        <source>Like</source>
        <translation>赞</translation>
    </message>
    <message>
        <location filename="../ui/thread/commentdelegate.cpp" line="253"/>
        <source>Oppose</source>
        <translation>踩</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/thread/commentdelegate.cpp" line="462"/>
        <source>%n reply(s)</source>
        <translation>
            <numerusform>%n 条回复</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/thread/commentdelegate.cpp" line="465"/>
        <source>Sending…</source>
        <translation>发送中…</translation>
    </message>
    <message>
        <location filename="../ui/thread/commentdelegate.cpp" line="468"/>
        <source>Not sent</source>
        <translation>未发送</translation>
    </message>
    <message>
        <location filename="../ui/thread/commentdelegate.cpp" line="441"/>
        <source>Hidden by a moderator</source>
        <translation>已被管理员隐藏</translation>
    </message>
    <message>
        <location filename="../ui/thread/commentdelegate.cpp" line="442"/>
        <source>Hidden by a moderator: %1</source>
        <translation>已被管理员隐藏：%1</translation>
    </message>
</context>
<context>
    <name>threadline::ui::ComposeDialog</name>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="94"/>
        <source>Remove this picture</source>
        <translation>移除这张图片</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="95"/>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="229"/>
        <location filename="../ui/dialogs/composedialog.cpp" line="601"/>
        <source>New post</source>
        <translation>发布动态</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="230"/>
        <source>What&apos;s new?</source>
        <translation>分享新鲜事…</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="231"/>
        <source>&amp;Add pictures…</source>
        <translation>添加图片(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="233"/>
        <source>PNG, JPEG or WebP, up to %1 pictures of at most 5 MiB each</source>
        <translation>PNG、JPEG 或 WebP，最多 %1 张，每张不超过 5 MiB</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="234"/>
        <source>&amp;Post</source>
        <translation>发布(&amp;P)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="235"/>
        <source>Post (Ctrl+Enter)</source>
        <translation>发布 (Ctrl+Enter)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="308"/>
        <source>%1 was not added: the file does not exist</source>
        <translation>未添加 %1：文件不存在</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="310"/>
        <source>%1 was not added: it is not a file</source>
        <translation>未添加 %1：不是文件</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="313"/>
        <source>%1 was not added: it is larger than 5 MiB</source>
        <translation>未添加 %1：大于 5 MiB</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="316"/>
        <source>%1 was not added: the file cannot be read (%2)</source>
        <translation>未添加 %1：无法读取文件（%2）</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="318"/>
        <source>%1 was not added: it is not a PNG, JPEG or WebP picture</source>
        <translation>未添加 %1：不是 PNG、JPEG 或 WebP 图片</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="321"/>
        <source>%1 is already in this post</source>
        <translation>%1 已经在这条动态里了</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/dialogs/composedialog.cpp" line="361"/>
        <source>A post can have at most %1 pictures: %n more not added</source>
        <translation>
            <numerusform>一条动态最多 %1 张图片：另有 %n 张未添加</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="440"/>
        <source>%1 was removed: it cannot be read as a picture</source>
        <translation>已移除 %1：无法作为图片读取</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="451"/>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="453"/>
        <source>At most %1 characters: %2 left</source>
        <translation>最多 %1 个字：还剩 %2 个</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="455"/>
        <source>At most %1 characters: %2 too many</source>
        <translation>最多 %1 个字：超出 %2 个</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="525"/>
        <source>The picture on the clipboard could not be added: it is empty or too large</source>
        <translation>剪贴板上的图片无法添加：图片为空或太大</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="536"/>
        <source>The picture on the clipboard could not be saved for the post</source>
        <translation>剪贴板上的图片无法保存到这条动态</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="568"/>
        <source>Add pictures</source>
        <translation>添加图片</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="569"/>
        <source>Pictures (*.png *.jpg *.jpeg *.webp *.PNG *.JPG *.JPEG *.WEBP)</source>
        <translation>图片 (*.png *.jpg *.jpeg *.webp *.PNG *.JPG *.JPEG *.WEBP)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="582"/>
        <source>Posting is not available right now.</source>
        <translation>现在无法发布。</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="594"/>
        <source>Your post could not be published.</source>
        <translation>动态未能发布。</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="601"/>
        <source>Discard this post?</source>
        <translation>放弃这条动态？</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="604"/>
        <source>What you wrote and the pictures you added will be lost.</source>
        <translation>已写的文字和添加的图片将会丢失。</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="605"/>
        <source>&amp;Discard</source>
        <translation>放弃(&amp;D)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="606"/>
        <source>&amp;Keep editing</source>
        <translation>继续编辑(&amp;K)</translation>
    </message>
</context>
<context>
    <name>threadline::ui::DeviceDialog</name>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="198"/>
        <source>Device names</source>
        <translation>设备名称</translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="199"/>
        <source>Posts report the raw model of the device they were written on; cards show the display name given here. Changes are saved at once.</source>
        <translation>动态会上报发布时所用设备的原始型号，卡片上显示这里设定的名称。修改会立即保存。</translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="201"/>
        <source>Filter by raw model or display name</source>
        <translation>按原始型号或显示名称筛选</translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="202"/>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="203"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="204"/>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="205"/>
        <source>Change the display name of the selected model (F2)</source>
        <translation>修改所选型号的显示名称 (F2)</translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="206"/>
        <source>Remove…</source>
        <translation>删除…</translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="207"/>
        <source>Remove the selected model from the table (Del)</source>
        <translation>从表中删除所选型号 (Del)</translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="208"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="209"/>
        <source>New:</source>
        <translation>新增：</translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="210"/>
        <source>Raw model, e.g. oneplus a6000</source>
        <translation>原始型号，例如 oneplus a6000</translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="211"/>
        <source>Display name, e.g. 一加 6</source>
        <translation>显示名称，例如 一加 6</translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="212"/>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="225"/>
        <source>Remove “%1” → “%2”? Its posts will show the raw model.</source>
        <translation>删除“%1”→“%2”吗？其动态将显示原始型号。</translation>
    </message>
</context>
<context>
    <name>threadline::ui::ErrorLogDialog</name>
    <message>
        <location filename="../ui/window/errorlogdialog.cpp" line="136"/>
        <source>Recent errors</source>
        <translation>最近的错误</translation>
    </message>
    <message>
        <location filename="../ui/window/errorlogdialog.cpp" line="137"/>
        <source>The requests that failed lately, newest first. For a problem report, copy the details: the request id finds the server&apos;s record of it.</source>
        <translation>最近失败的请求，最新的在前。报告问题时请复制详细信息：凭请求 ID 可以在服务器的日志里找到它。</translation>
    </message>
    <message>
        <location filename="../ui/window/errorlogdialog.cpp" line="139"/>
        <source>No request has failed since Threadline started.</source>
        <translation>自 Threadline 启动以来没有失败的请求。</translation>
    </message>
    <message>
        <location filename="../ui/window/errorlogdialog.cpp" line="140"/>
        <source>Failed requests</source>
        <translation>失败的请求</translation>
    </message>
    <message>
        <location filename="../ui/window/errorlogdialog.cpp" line="141"/>
        <source>Details of the selected error</source>
        <translation>所选错误的详细信息</translation>
    </message>
    <message>
        <location filename="../ui/window/errorlogdialog.cpp" line="142"/>
        <source>&amp;Copy details</source>
        <translation>复制详情(&amp;C)</translation>
    </message>
    <message>
        <location filename="../ui/window/errorlogdialog.cpp" line="143"/>
        <source>Copy &amp;all</source>
        <translation>全部复制(&amp;A)</translation>
    </message>
    <message>
        <location filename="../ui/window/errorlogdialog.cpp" line="144"/>
        <source>C&amp;lear</source>
        <translation>清空(&amp;L)</translation>
    </message>
    <message>
        <location filename="../ui/window/errorlogdialog.cpp" line="145"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>threadline::ui::ItemActions</name>
    <message>
        <location filename="../ui/dialogs/itemactions.cpp" line="35"/>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/itemactions.cpp" line="54"/>
        <source>Hide %1</source>
        <translation>隐藏%1</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/itemactions.cpp" line="54"/>
        <source>Unhide %1</source>
        <translation>取消隐藏%1</translation>
    </message>
</context>
<context>
    <name>threadline::ui::LikersDialog</name>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="319"/>
        <source>Likes</source>
        <translation>赞</translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="321"/>
        <source>No likes yet</source>
        <translation>还没有人赞</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/thread/likersdialog.cpp" line="323"/>
        <source>Liked by %n people</source>
        <comment>the likers dialog&apos;s title; zh_CN: %n 人赞过</comment>
        <translation>
            <numerusform>%n 人赞过</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="273"/>
        <source>This post is no longer available.</source>
        <translation>这条动态已不存在。</translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="279"/>
        <source>The likes could not be loaded.</source>
        <translation>无法加载点赞列表。</translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="274"/>
        <source>This person is no longer here.</source>
        <translation>此人已不在。</translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="277"/>
        <source>The list could not be loaded.</source>
        <translation>无法加载列表。</translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="315"/>
        <source>Followers of %1</source>
        <translation>%1 的粉丝</translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="317"/>
        <source>People %1 follows</source>
        <translation>%1 关注的人</translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="367"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="368"/>
        <location filename="../ui/thread/likersdialog.cpp" line="369"/>
        <source>&amp;Retry</source>
        <translation>重试(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="376"/>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="376"/>
        <source>Loading more…</source>
        <translation>正在加载更多…</translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="378"/>
        <source>No one follows this person yet.</source>
        <translation>还没有人关注此人。</translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="380"/>
        <source>This person follows no one yet.</source>
        <translation>此人还没有关注任何人。</translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="382"/>
        <source>No one has liked this post yet.</source>
        <translation>还没有人赞过这条动态。</translation>
    </message>
</context>
<context>
    <name>threadline::ui::LinkActions</name>
    <message>
        <location filename="../ui/common/textlinks.cpp" line="149"/>
        <source>Open link %1</source>
        <translation>打开链接 %1</translation>
    </message>
    <message>
        <location filename="../ui/common/textlinks.cpp" line="152"/>
        <source>Copy link address</source>
        <translation>复制链接地址</translation>
    </message>
    <message>
        <location filename="../ui/common/textlinks.cpp" line="153"/>
        <source>Copy link address %1</source>
        <translation>复制链接地址 %1</translation>
    </message>
</context>
<context>
    <name>threadline::ui::LoginDialog</name>
    <message>
        <location filename="../ui/dialogs/logindialog.cpp" line="26"/>
        <source>Sign in to Threadline</source>
        <translation>登录 Threadline</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/logindialog.cpp" line="38"/>
        <source>Sign in</source>
        <translation>登录</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/logindialog.cpp" line="41"/>
        <source>&amp;Server:</source>
        <translation>服务器(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/logindialog.cpp" line="42"/>
        <source>&amp;Username:</source>
        <translation>用户名(&amp;U)：</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/logindialog.cpp" line="43"/>
        <source>&amp;Password:</source>
        <translation>密码(&amp;P)：</translation>
    </message>
</context>
<context>
    <name>threadline::ui::MainWindow</name>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="292"/>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="294"/>
        <source>Following</source>
        <translation>关注</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="296"/>
        <source>My posts</source>
        <translation>我的动态</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="298"/>
        <source>Hot today</source>
        <translation>今日热门</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="300"/>
        <source>Hot this week</source>
        <translation>本周热门</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="302"/>
        <source>Most viewed</source>
        <translation>最多浏览</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="304"/>
        <source>Recently viewed</source>
        <translation>最近浏览</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="306"/>
        <source>Activity</source>
        <translation>活动</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="308"/>
        <source>Profile</source>
        <translation>个人主页</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="310"/>
        <source>Moderation</source>
        <translation>内容审核</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="312"/>
        <source>Statistics</source>
        <translation>统计</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="314"/>
        <source>Ranking</source>
        <translation>排行榜</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="316"/>
        <source>Likes</source>
        <translation>赞过</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="318"/>
        <source>Topic</source>
        <translation>话题</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="320"/>
        <location filename="../ui/window/mainwindownotifications.cpp" line="93"/>
        <location filename="../ui/window/mainwindownotifications.cpp" line="102"/>
        <source>Notifications</source>
        <translation>通知</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="322"/>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="334"/>
        <source>%1 — Threadline</source>
        <translation>%1 — Threadline</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="338"/>
        <source>You are signed out. Sign in again (File → Sign in…) to read and write; what you queued is kept.</source>
        <translation>你已退出登录。重新登录（文件 → 登录…）即可浏览和发帖；排队中的改动会保留。</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="340"/>
        <source>Signing in… Your saved posts appear here.</source>
        <translation>正在登录…已保存的动态会显示在这里。</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="346"/>
        <location filename="../ui/window/mainwindowmenus.cpp" line="350"/>
        <location filename="../ui/window/mainwindownotifications.cpp" line="93"/>
        <source>Go to %1</source>
        <translation>转到“%1”</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="352"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="353"/>
        <source>&amp;New post…</source>
        <translation>发布动态(&amp;N)…</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="354"/>
        <source>Sign &amp;out</source>
        <translation>退出登录(&amp;O)</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="354"/>
        <source>Sign &amp;in…</source>
        <translation>登录(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="355"/>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="356"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="357"/>
        <source>&amp;View</source>
        <translation>查看(&amp;V)</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="358"/>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="360"/>
        <source>Work &amp;offline</source>
        <translation>离线工作(&amp;O)</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="361"/>
        <source>Show times in the system&apos;s time &amp;zone</source>
        <translation>按系统时区显示时间(&amp;Z)</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="362"/>
        <source>Outbox</source>
        <translation>待发送</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="363"/>
        <source>Out&amp;box: changes waiting</source>
        <translation>待发送的更改(&amp;B)</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="81"/>
        <location filename="../ui/window/mainwindowmenus.cpp" line="365"/>
        <source>QA: faults</source>
        <translation>测试：故障注入</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/window/mainwindowmenus.cpp" line="131"/>
        <source>%n failed request(s)</source>
        <translation>
            <numerusform>%n 个请求失败</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="137"/>
        <source>The latest: %1
Click for the details.</source>
        <translation>最近一次：%1
点击查看详细信息。</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="138"/>
        <source>The latest: %1 (request id %2)
Click for the details, to copy for a problem report.</source>
        <translation>最近一次：%1（请求 ID %2）
点击查看详细信息，可复制用于报告问题。</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="366"/>
        <source>&amp;QA panel: faults and offline</source>
        <translation>测试面板：故障与离线(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="367"/>
        <source>Comments shown on a &amp;card</source>
        <translation>卡片上显示的评论数(&amp;C)</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="368"/>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="369"/>
        <source>&amp;System colours</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="370"/>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="371"/>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="372"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="373"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="374"/>
        <source>The project&apos;s &amp;page</source>
        <translation>项目主页(&amp;P)</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="375"/>
        <source>Recent &amp;errors…</source>
        <translation>最近的错误(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="377"/>
        <source>&amp;About Threadline</source>
        <translation>关于 Threadline(&amp;A)</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="378"/>
        <source>Signed in as %1</source>
        <translation>已登录：%1</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="379"/>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="248"/>
        <source>Not signed in</source>
        <translation>未登录</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindow.cpp" line="207"/>
        <source>Show the changes waiting (Ctrl+Shift+Q)</source>
        <translation>查看待发送的更改（Ctrl+Shift+Q）</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/window/mainwindow.cpp" line="377"/>
        <source>%n new post(s) on top</source>
        <translation>
            <numerusform>顶部有 %n 条新动态</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindow.cpp" line="414"/>
        <source>Your report is on its way to the moderators.</source>
        <translation>举报正在发送给管理员。</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindow.cpp" line="761"/>
        <source>Your post is on its way.</source>
        <translation>动态正在发送。</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowdialogs.cpp" line="22"/>
        <source>This post has no pictures to show.</source>
        <translation>这条帖子没有可显示的图片。</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="145"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="229"/>
        <source>New post</source>
        <translation>新动态</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="230"/>
        <source>Write a new post</source>
        <translation>写一条新动态</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="231"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="232"/>
        <source>Load the page again</source>
        <translation>重新加载本页</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="233"/>
        <source>Offline</source>
        <translation>离线</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="233"/>
        <source>Online</source>
        <translation>在线</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="235"/>
        <source>Working offline: changes wait in the outbox. Click to go online</source>
        <translation>正在离线工作：更改在发件箱中等待。点击恢复在线</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="237"/>
        <source>Online. Click to work offline</source>
        <translation>在线。点击切换到离线</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="242"/>
        <source>&amp;My page</source>
        <translation>我的主页(&amp;M)</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="244"/>
        <source>Account</source>
        <translation>账户</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="247"/>
        <source>Signed in as %1: your page, sign out</source>
        <translation>已登录为 %1：我的主页、退出登录</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="249"/>
        <source>Account: %1</source>
        <translation>账户：%1</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="250"/>
        <source>Toolbar</source>
        <translation>工具栏</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/window/mainwindownotifications.cpp" line="101"/>
        <source>Notifications, %n unread</source>
        <translation>
            <numerusform>通知，%n 条未读</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/window/mainwindownotifications.cpp" line="103"/>
        <source>%n unread notification(s) (Ctrl+Shift+N)</source>
        <translation>
            <numerusform>%n 条未读通知（Ctrl+Shift+N）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindownotifications.cpp" line="104"/>
        <source>Notifications (Ctrl+Shift+N)</source>
        <translation>通知（Ctrl+Shift+N）</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowsearch.cpp" line="38"/>
        <source>&amp;Search…</source>
        <translation>搜索(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowkeys.cpp" line="142"/>
        <source>Pages</source>
        <translation>页面</translation>
    </message>
</context>
<context>
    <name>threadline::ui::MessageBar</name>
    <message>
        <location filename="../ui/common/messagebar.cpp" line="101"/>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <location filename="../ui/common/messagebar.cpp" line="102"/>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <location filename="../ui/common/messagebar.cpp" line="103"/>
        <source>Show the request id and status, for a problem report</source>
        <translation>显示请求 ID 和状态，用于报告问题</translation>
    </message>
    <message>
        <location filename="../ui/common/messagebar.cpp" line="104"/>
        <source>Close this message</source>
        <translation>关闭这条消息</translation>
    </message>
    <message>
        <location filename="../ui/common/messagebar.cpp" line="105"/>
        <source>Dismiss</source>
        <translation>知道了</translation>
    </message>
</context>
<context>
    <name>threadline::ui::MessageBoardView</name>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="48"/>
        <source>♥ %1 (you like it)</source>
        <translation>♥ %1（已赞）</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="49"/>
        <source>♡ %1</source>
        <translation>♡ %1</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="51"/>
        <source>not saved (see the outbox)</source>
        <translation>未保存（见发件箱）</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="53"/>
        <source>sending…</source>
        <translation>发送中…</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="59"/>
        <source>Hidden by a moderator</source>
        <translation>已被管理员隐藏</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="60"/>
        <source>Hidden by a moderator: %1</source>
        <translation>已被管理员隐藏：%1</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="195"/>
        <source>The messages could not be loaded: %1</source>
        <translation>无法加载留言：%1</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="273"/>
        <source>Delete message</source>
        <translation>删除留言</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="273"/>
        <source>Delete this message?</source>
        <translation>删除这条留言？</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="274"/>
        <source>It leaves the board for everyone.</source>
        <translation>所有人都将看不到这条留言。</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="285"/>
        <location filename="../ui/people/messageboardview.cpp" line="297"/>
        <source>%1&apos;s message</source>
        <translation>%1的留言</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="299"/>
        <source>Only moderators see a hidden message.</source>
        <translation>隐藏的留言只有管理员能看到。</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="313"/>
        <source>Unlike (L)</source>
        <translation>取消赞 (L)</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="313"/>
        <source>Like (L)</source>
        <translation>赞 (L)</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="317"/>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="319"/>
        <source>Report…</source>
        <translation>举报…</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="325"/>
        <source>Hide…</source>
        <translation>隐藏…</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="325"/>
        <source>Unhide…</source>
        <translation>取消隐藏…</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="383"/>
        <source>%1 too many</source>
        <translation>超出 %1 字</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="389"/>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="391"/>
        <source>No messages yet. Be the first to leave one.</source>
        <translation>还没有留言，来留下第一条吧。</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="399"/>
        <source>Leave a message</source>
        <translation>留言</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="400"/>
        <source>Leave the message (Ctrl+Return)</source>
        <translation>发表留言 (Ctrl+Return)</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="403"/>
        <source>Write on your own board…</source>
        <translation>在自己的留言板上写点什么…</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="404"/>
        <source>Leave a message for %1…</source>
        <translation>给%1留言…</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="405"/>
        <source>Messages</source>
        <translation>留言</translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="406"/>
        <source>Your message</source>
        <translation>你的留言</translation>
    </message>
</context>
<context>
    <name>threadline::ui::ModerationView</name>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="266"/>
        <source>Post</source>
        <translation>动态</translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="267"/>
        <source>Message</source>
        <translation>留言</translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="268"/>
        <source>Comment</source>
        <translation>评论</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="292"/>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="270"/>
        <source>Post by %1</source>
        <translation>%1 的动态</translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="272"/>
        <source>Comment by %1</source>
        <translation>%1 的评论</translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="276"/>
        <source>Hidden</source>
        <translation>已隐藏</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="100"/>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="278"/>
        <source>Auto-flagged: “%1”</source>
        <translation>自动标记：“%1”</translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="271"/>
        <source>Message by %1</source>
        <translation>%1 的留言</translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="320"/>
        <source>On %1&apos;s board</source>
        <translation>在 %1 的留言板上</translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="333"/>
        <source>On %1&apos;s post: %2</source>
        <translation>%1 的动态：%2</translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="335"/>
        <source>On post %1</source>
        <translation>动态 %1</translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="364"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="365"/>
        <source>%1 · %2: %3</source>
        <translation>%1 · %2：%3</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="369"/>
        <source>and %n more</source>
        <translation>
            <numerusform>还有 %n 条</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="377"/>
        <source>Queued — waiting for the server…</source>
        <translation>已排队 — 等待服务器…</translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="384"/>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="174"/>
        <source>In context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="180"/>
        <source>Select an item to see it in its place: its post and the comments around it.</source>
        <translation>选择一项，查看它所在的位置：它的动态和周围的评论。</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="191"/>
        <source>Someone</source>
        <translation>某人</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="193"/>
        <location filename="../ui/moderation/contextpane.cpp" line="242"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="194"/>
        <source>Hidden by a moderator</source>
        <translation>已被管理员隐藏</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="199"/>
        <source>Auto-flagged</source>
        <translation>自动标记</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="200"/>
        <source>Reported</source>
        <translation>被举报</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="269"/>
        <source>The reported message has been deleted.</source>
        <translation>被举报的留言已被删除。</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="275"/>
        <source>Message on %1&apos;s board</source>
        <translation>%1 的留言板上的留言</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="289"/>
        <source>Post by %1 · 1 comment</source>
        <translation>%1 的动态 · 1 条评论</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="291"/>
        <source>Post by %1 · %2 comments</source>
        <translation>%1 的动态 · %2 条评论</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="307"/>
        <source>The post is hidden by a moderator.</source>
        <translation>这条动态已被管理员隐藏。</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="311"/>
        <source>The reported post has been deleted.</source>
        <translation>被举报的动态已被删除。</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="312"/>
        <source>Its post has been deleted.</source>
        <translation>它所在的动态已被删除。</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="318"/>
        <source>The reported comment has been deleted.</source>
        <translation>被举报的评论已被删除。</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="332"/>
        <source>First comments</source>
        <translation>最早的评论</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="334"/>
        <source>Floor %1</source>
        <translation>%1楼</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="338"/>
        <source>Loading its first comments…</source>
        <translation>正在加载最早的评论…</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="339"/>
        <source>Loading the floor…</source>
        <translation>正在加载这一楼…</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="343"/>
        <source>The context could not be loaded: %1</source>
        <translation>无法加载上下文：%1</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="346"/>
        <source>Click here to try again.</source>
        <translation>点击这里重试。</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="353"/>
        <source>No comments yet.</source>
        <translation>还没有评论。</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="354"/>
        <source>Nothing else is left in this floor.</source>
        <translation>这一楼没有其他内容了。</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="362"/>
        <location filename="../ui/moderation/contextpane.cpp" line="368"/>
        <source>⋯ earlier replies</source>
        <translation>⋯ 更早的回复</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="372"/>
        <source>⋯ %1 more comments</source>
        <translation>⋯ 还有 %1 条评论</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="375"/>
        <source>⋯ one more reply</source>
        <translation>⋯ 还有 1 条回复</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="376"/>
        <source>⋯ %1 more replies</source>
        <translation>⋯ 还有 %1 条回复</translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="378"/>
        <source>⋯ later replies</source>
        <translation>⋯ 之后的回复</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="405"/>
        <source>Open</source>
        <translation>待处理</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="406"/>
        <source>Closed</source>
        <translation>已处理</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="407"/>
        <source>Log</source>
        <translation>审核日志</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="409"/>
        <source>Reported and auto-flagged content waiting for a decision</source>
        <translation>等待处理的被举报和自动标记的内容</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="410"/>
        <source>Items that were hidden or dismissed</source>
        <translation>已隐藏或已驳回的条目</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="411"/>
        <source>What moderators did</source>
        <translation>管理员的操作记录</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="415"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="416"/>
        <source>Load the list again (F5)</source>
        <translation>重新加载列表 (F5)</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="118"/>
        <source>Hide %1 — reason:</source>
        <translation>隐藏 %1 — 原因：</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="124"/>
        <source>Its floor&apos;s reply is hidden with it.</source>
        <translation>这一楼的 1 条回复也会一起隐藏。</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="126"/>
        <source>Its floor&apos;s %1 replies are hidden with it.</source>
        <translation>这一楼的 %1 条回复也会一起隐藏。</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="129"/>
        <source>Its one comment is hidden with it.</source>
        <translation>它的 1 条评论也会一起隐藏。</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="131"/>
        <source>Its %1 comments are hidden with it.</source>
        <translation>它的 %1 条评论也会一起隐藏。</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="136"/>
        <source>Unhide %1 — reason (optional):</source>
        <translation>取消隐藏 %1 — 原因（可选）：</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="137"/>
        <source>Optional: why it is shown again</source>
        <translation>可选：为什么重新显示</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="141"/>
        <source>Its floor comes back as it was before it was hidden.</source>
        <translation>这一楼会恢复成隐藏之前的样子。</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="143"/>
        <source>Its comments come back with it.</source>
        <translation>它的评论也会一起恢复。</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="149"/>
        <source>Dismiss the auto-flag on %1 — reason (optional):</source>
        <translation>驳回自动标记：%1 — 原因（可选）：</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="150"/>
        <source>Dismiss the reports on %1 — reason (optional):</source>
        <translation>驳回举报：%1 — 原因（可选）：</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="151"/>
        <source>Optional: why nothing is hidden</source>
        <translation>可选：为什么不隐藏</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="119"/>
        <source>Required: why this is hidden</source>
        <translation>必填：为什么隐藏</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="120"/>
        <location filename="../ui/moderation/moderationview.cpp" line="431"/>
        <source>Hide</source>
        <translation>隐藏</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="420"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="185"/>
        <location filename="../ui/moderation/moderationview.cpp" line="422"/>
        <source>Hide…</source>
        <translation>隐藏…</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="423"/>
        <source>Hide the content from everyone but moderators (H)</source>
        <translation>对管理员以外的所有人隐藏该内容 (H)</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="138"/>
        <location filename="../ui/moderation/moderationview.cpp" line="431"/>
        <source>Unhide</source>
        <translation>取消隐藏</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="425"/>
        <source>Show the hidden content again (U)</source>
        <translation>重新显示被隐藏的内容 (U)</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="152"/>
        <location filename="../ui/moderation/moderationview.cpp" line="432"/>
        <source>Dismiss</source>
        <translation>驳回</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="427"/>
        <source>Close the reports without hiding anything (D)</source>
        <translation>关闭举报，不隐藏任何内容 (D)</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="418"/>
        <source>Device names…</source>
        <translation>设备名称…</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="419"/>
        <source>How raw device models are shown on cards</source>
        <translation>设备原始型号在卡片上的显示名称</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="421"/>
        <source>Do nothing (Esc)</source>
        <translation>什么也不做（Esc）</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="185"/>
        <location filename="../ui/moderation/moderationview.cpp" line="424"/>
        <source>Unhide…</source>
        <translation>取消隐藏…</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="190"/>
        <location filename="../ui/moderation/moderationview.cpp" line="426"/>
        <source>Dismiss…</source>
        <translation>驳回…</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="181"/>
        <location filename="../ui/moderation/moderationview.cpp" line="428"/>
        <source>Open post</source>
        <translation>打开动态</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="412"/>
        <source>Open reports</source>
        <translation>待处理的举报</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="413"/>
        <source>Closed reports</source>
        <translation>已处理的举报</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="414"/>
        <source>Moderation log</source>
        <translation>管理日志</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="429"/>
        <source>Open the post&apos;s thread (Return)</source>
        <translation>打开动态的评论 (Return)</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="430"/>
        <source>Action:</source>
        <translation>操作：</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="431"/>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="432"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="432"/>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="435"/>
        <source>Moderator uid (all)</source>
        <translation>管理员 uid（全部）</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="436"/>
        <source>Only this moderator&apos;s entries</source>
        <translation>只看这位管理员的记录</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="473"/>
        <source>Nothing to review: no open reports.</source>
        <translation>没有待处理的内容。</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="474"/>
        <source>No closed items yet.</source>
        <translation>还没有已处理的条目。</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="477"/>
        <source>No log entries.</source>
        <translation>没有日志记录。</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="508"/>
        <location filename="../ui/moderation/moderationview.cpp" line="600"/>
        <source>Only moderators can read the moderation log.</source>
        <translation>只有管理员可以查看审核日志。</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="509"/>
        <location filename="../ui/moderation/moderationview.cpp" line="601"/>
        <source>Only moderators can see the moderation queue.</source>
        <translation>只有管理员可以查看审核队列。</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="602"/>
        <source>The moderation log could not be loaded: %1</source>
        <translation>无法加载审核日志：%1</translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="603"/>
        <source>The moderation queue could not be loaded: %1</source>
        <translation>无法加载审核队列：%1</translation>
    </message>
</context>
<context>
    <name>threadline::ui::NotificationsView</name>
    <message>
        <location filename="../ui/notifications/notificationsview.cpp" line="70"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location filename="../ui/notifications/notificationsview.cpp" line="73"/>
        <source>Mark as read</source>
        <translation>标为已读</translation>
    </message>
    <message>
        <location filename="../ui/notifications/notificationsview.cpp" line="133"/>
        <location filename="../ui/notifications/notificationsview.cpp" line="136"/>
        <source>Notifications</source>
        <translation>通知</translation>
    </message>
    <message>
        <location filename="../ui/notifications/notificationsview.cpp" line="134"/>
        <source>Mark all as read</source>
        <translation>全部标为已读</translation>
    </message>
    <message>
        <location filename="../ui/notifications/notificationsview.cpp" line="135"/>
        <source>Mark every notification as read</source>
        <translation>将所有通知标为已读</translation>
    </message>
    <message>
        <location filename="../ui/notifications/notificationsview.cpp" line="137"/>
        <source>Return opens; M marks as read</source>
        <translation>回车打开；M 标为已读</translation>
    </message>
    <message>
        <location filename="../ui/notifications/notificationsview.cpp" line="153"/>
        <source>Kept from %1; not updated: %2</source>
        <translation>保存于 %1；未能更新：%2</translation>
    </message>
    <message>
        <location filename="../ui/notifications/notificationsview.cpp" line="157"/>
        <source>Could not load the notifications: %1</source>
        <translation>无法加载通知：%1</translation>
    </message>
    <message>
        <location filename="../ui/notifications/notificationsview.cpp" line="159"/>
        <source>Kept from %1; updated when online</source>
        <translation>保存于 %1；联网后更新</translation>
    </message>
    <message>
        <location filename="../ui/notifications/notificationsview.cpp" line="163"/>
        <source>Loading notifications…</source>
        <translation>正在加载通知…</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/notifications/notificationsview.cpp" line="165"/>
        <source>%n unread</source>
        <translation>
            <numerusform>%n 条未读</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/notifications/notificationsview.cpp" line="171"/>
        <source>No notifications yet. Replies, comments, messages on your board, new followers and likes show here.</source>
        <translation>还没有通知。回复、评论、留言、新粉丝和赞都会显示在这里。</translation>
    </message>
</context>
<context>
    <name>threadline::ui::OutboxPanel</name>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="101"/>
        <source>Changes not yet saved on the server</source>
        <translation>尚未保存到服务器的更改</translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="102"/>
        <source>&amp;Retry now</source>
        <translation>立即重试(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="103"/>
        <source>Send the selected change now</source>
        <translation>立即发送所选更改</translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="104"/>
        <source>&amp;Discard…</source>
        <translation>放弃(&amp;D)…</translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="105"/>
        <source>Remove the selected change and undo it here</source>
        <translation>移除所选更改，并在本机撤销它</translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="106"/>
        <source>Discard &amp;all failed</source>
        <translation>放弃所有失败的更改(&amp;A)</translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="115"/>
        <source>Everything is saved</source>
        <translation>全部已保存</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/window/outboxpanel.cpp" line="117"/>
        <source>%n change(s) failed</source>
        <translation>
            <numerusform>%n 项更改失败</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/window/outboxpanel.cpp" line="118"/>
        <source>%n change(s) waiting</source>
        <translation>
            <numerusform>%n 项更改待发送</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/window/outboxpanel.cpp" line="121"/>
        <source>%1, %n failed</source>
        <translation>
            <numerusform>%1，%n 项失败</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="170"/>
        <source>Discard this change?</source>
        <translation>放弃这项更改？</translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="172"/>
        <source>%1
It failed and is not shown any more; discarding removes it from the list.</source>
        <translation>%1
它已失败，不再显示；放弃后将从列表中移除。</translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="175"/>
        <source>%1
It will not be sent, and what it changed here is undone.</source>
        <translation>%1
它不会被发送，它在本机做的改动也会撤销。</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/window/outboxpanel.cpp" line="185"/>
        <source>Discard %n failed change(s)?</source>
        <translation>
            <numerusform>放弃 %n 项失败的更改？</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="186"/>
        <source>They were not saved on the server and are not shown any more.</source>
        <translation>它们未能保存到服务器，已不再显示。</translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="195"/>
        <source>Discard</source>
        <translation>放弃</translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="198"/>
        <source>&amp;Discard</source>
        <translation>放弃(&amp;D)</translation>
    </message>
</context>
<context>
    <name>threadline::ui::PersonPages</name>
    <message>
        <location filename="../ui/people/personpages.cpp" line="112"/>
        <source>Posts</source>
        <translation>动态</translation>
    </message>
    <message>
        <location filename="../ui/people/personpages.cpp" line="113"/>
        <source>Activity</source>
        <translation>活动</translation>
    </message>
    <message>
        <location filename="../ui/people/personpages.cpp" line="114"/>
        <source>Posts, activity or messages</source>
        <translation>动态、活动或留言</translation>
    </message>
    <message>
        <location filename="../ui/people/personpages.cpp" line="115"/>
        <source>Posts or activity</source>
        <translation>动态或活动</translation>
    </message>
    <message>
        <location filename="../ui/people/personpages.cpp" line="117"/>
        <source>Messages</source>
        <translation>留言</translation>
    </message>
</context>
<context>
    <name>threadline::ui::PictureViewer</name>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="313"/>
        <source>Picture %1 of %2</source>
        <translation>第 %1 张，共 %2 张</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="314"/>
        <source>Picture</source>
        <translation>图片</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="315"/>
        <source>‹ &amp;Previous</source>
        <translation>‹ 上一张(&amp;P)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="316"/>
        <source>The previous picture (Left arrow)</source>
        <translation>上一张图片（左方向键）</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="317"/>
        <source>&amp;Next ›</source>
        <translation>下一张(&amp;N) ›</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="318"/>
        <source>The next picture (Right arrow)</source>
        <translation>下一张图片（右方向键）</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="320"/>
        <source>Zoom out (Ctrl+−, or the mouse wheel)</source>
        <translation>缩小（Ctrl+−，或鼠标滚轮）</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="322"/>
        <source>Zoom in (Ctrl+=, or the mouse wheel)</source>
        <translation>放大（Ctrl+=，或鼠标滚轮）</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="323"/>
        <source>&amp;Fit</source>
        <translation>适合窗口(&amp;F)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="324"/>
        <source>Fit the picture to the window (Ctrl+0)</source>
        <translation>使图片适合窗口（Ctrl+0）</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="327"/>
        <source>Actual size: one picture pixel per screen pixel (1)</source>
        <translation>实际大小：一个图片像素对应一个屏幕像素（1）</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="328"/>
        <source>&amp;Save image as…</source>
        <translation>图片另存为(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="329"/>
        <source>Save this picture to a file (Ctrl+S)</source>
        <translation>将这张图片保存到文件（Ctrl+S）</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="335"/>
        <source>There is no picture to show.</source>
        <translation>没有可显示的图片。</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="338"/>
        <source>Loading picture…</source>
        <translation>正在加载图片…</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="344"/>
        <source>This picture is on another site (%1). Threadline loads it from there only when you ask.</source>
        <translation>这张图片在其他网站（%1）上。只有在你要求时，Threadline 才会从那里加载。</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="347"/>
        <source>&amp;Load it</source>
        <translation>加载(&amp;L)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="353"/>
        <source>no reason was given</source>
        <translation>没有给出原因</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="354"/>
        <source>This picture could not be loaded: %1</source>
        <translation>这张图片无法加载：%1</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="355"/>
        <source>&amp;Try again</source>
        <translation>重试(&amp;T)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="384"/>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="435"/>
        <source>The picture has not loaded, so there is nothing to save yet.</source>
        <translation>图片尚未加载，还没有可保存的内容。</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="386"/>
        <source>No file name was given.</source>
        <translation>没有给出文件名。</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="411"/>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="419"/>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="425"/>
        <source>The picture could not be saved to %1: %2</source>
        <translation>图片无法保存到 %1：%2</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="416"/>
        <source>Threadline cannot write .%1 files: choose a name ending in .png or .jpg.</source>
        <translation>Threadline 无法写入 .%1 文件：请选择以 .png 或 .jpg 结尾的文件名。</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="442"/>
        <source>Save image as</source>
        <translation>图片另存为</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="443"/>
        <source>Pictures (*.png *.jpg *.jpeg *.webp);;PNG (*.png);;JPEG (*.jpg *.jpeg)</source>
        <translation>图片 (*.png *.jpg *.jpeg *.webp);;PNG (*.png);;JPEG (*.jpg *.jpeg)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="448"/>
        <source>Saved to %1</source>
        <translation>已保存到 %1</translation>
    </message>
</context>
<context>
    <name>threadline::ui::PostDelegate</name>
    <message>
        <location filename="../ui/timeline/postcardlayout.cpp" line="171"/>
        <location filename="../ui/timeline/postdelegate.cpp" line="379"/>
        <source>Hidden</source>
        <translation>已隐藏</translation>
    </message>
    <message>
        <location filename="../ui/timeline/postcardlayout.cpp" line="179"/>
        <source>Sending…</source>
        <translation>发送中…</translation>
    </message>
    <message>
        <location filename="../ui/timeline/postcardlayout.cpp" line="179"/>
        <source>Not sent</source>
        <translation>未发送</translation>
    </message>
    <message>
        <location filename="../ui/timeline/postcardlayout.cpp" line="276"/>
        <location filename="../ui/timeline/postdelegateevents.cpp" line="218"/>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <location filename="../ui/timeline/postcardlayout.cpp" line="289"/>
        <source>%1 replied to %2</source>
        <translation>%1 回复 %2</translation>
    </message>
    <message>
        <location filename="../ui/timeline/postcardlayout.cpp" line="292"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../ui/timeline/postdelegate.cpp" line="193"/>
        <source>Click to load</source>
        <translation>点击加载</translation>
    </message>
    <message>
        <location filename="../ui/timeline/postdelegate.cpp" line="195"/>
        <source>Not loaded</source>
        <translation>未加载</translation>
    </message>
    <message>
        <location filename="../ui/timeline/postdelegate.cpp" line="216"/>
        <source>+%1</source>
        <translation>+%1</translation>
    </message>
    <message>
        <location filename="../ui/timeline/postdelegate.cpp" line="350"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location filename="../ui/timeline/postdelegate.cpp" line="384"/>
        <source>Hidden by a moderator</source>
        <translation>已被管理员隐藏</translation>
    </message>
    <message>
        <location filename="../ui/timeline/postdelegate.cpp" line="385"/>
        <source>Hidden by a moderator: %1</source>
        <translation>已被管理员隐藏：%1</translation>
    </message>
    <message>
        <location filename="../ui/timeline/postdelegateevents.cpp" line="210"/>
        <source>This picture is on another site: click to load it</source>
        <translation>图片来自其他网站：点击加载</translation>
    </message>
    <message>
        <location filename="../ui/timeline/postdelegateevents.cpp" line="212"/>
        <source>The picture could not be loaded: click to try again</source>
        <translation>图片加载失败：点击重试</translation>
    </message>
    <message>
        <location filename="../ui/timeline/postdelegateevents.cpp" line="214"/>
        <source>Open the topic #%1#</source>
        <translation>打开话题 #%1#</translation>
    </message>
</context>
<context>
    <name>threadline::ui::PreferencesDialog</name>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="194"/>
        <location filename="../ui/window/preferencesdialog.cpp" line="261"/>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="195"/>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="196"/>
        <source>&amp;Colours:</source>
        <translation>配色(&amp;C)：</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="199"/>
        <source>As the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="200"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="201"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="206"/>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="206"/>
        <source>System (%1)</source>
        <translation>跟随系统（%1）</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="210"/>
        <source>&amp;Times in:</source>
        <translation>时间显示(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="213"/>
        <source>UTC+8 (China Standard Time)</source>
        <translation>UTC+8（北京时间）</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="214"/>
        <source>The system&apos;s time zone</source>
        <translation>系统时区</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="216"/>
        <source>Comments shown on a ca&amp;rd:</source>
        <translation>卡片上显示的评论数(&amp;R)：</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="217"/>
        <source>Start &amp;offline</source>
        <translation>以离线模式启动(&amp;O)</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="219"/>
        <source>Takes effect at the next start: your saved posts are shown and nothing is fetched or sent until you turn off View → Work offline.</source>
        <translation>下次启动时生效：显示已保存的帖子，在你关闭“查看 → 离线工作”之前，不会获取或发送任何内容。</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="221"/>
        <source>&amp;Do not disturb: no notifications on the desktop</source>
        <translation>勿扰模式：不在桌面上弹出通知(&amp;D)</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="223"/>
        <source>Replies, comments, messages and new followers still show on the Notifications page and its count.</source>
        <translation>回复、评论、留言和新粉丝仍会显示在“通知”页面并计入未读数。</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="225"/>
        <source>Image cache</source>
        <translation>图片缓存</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="226"/>
        <source>&amp;Size limit:</source>
        <translation>大小上限(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="227"/>
        <source> MB</source>
        <translation> MB</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="228"/>
        <source>Clear &amp;image cache…</source>
        <translation>清除图片缓存(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="229"/>
        <source>Posts saved on this computer</source>
        <translation>保存在本机的帖子</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="230"/>
        <source>Posts, comments and the recently viewed list are kept on this computer so that Threadline opens at once and can be read offline.</source>
        <translation>帖子、评论和最近浏览列表保存在本机，这样 Threadline 可以立即打开，也能离线阅读。</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="232"/>
        <source>Clear cached &amp;posts…</source>
        <translation>清除缓存的帖子(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="239"/>
        <source>Working out how much space the image cache uses…</source>
        <translation>正在计算图片缓存占用的空间…</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="242"/>
        <source>Using %1 MB of %2 MB</source>
        <translation>已使用 %1 MB，共 %2 MB</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="279"/>
        <source>Remove the pictures and avatars saved on this computer?</source>
        <translation>删除保存在本机的图片和头像？</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="280"/>
        <source>They are downloaded again when they are shown.</source>
        <translation>再次显示时会重新下载。</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="280"/>
        <source>Clear image cache</source>
        <translation>清除图片缓存</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="282"/>
        <source>The image cache is empty.</source>
        <translation>图片缓存已清空。</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="288"/>
        <source>The pages stay empty until you go online.</source>
        <translation>在你恢复在线之前，页面将保持为空。</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="289"/>
        <source>The pages load again from the server.</source>
        <translation>页面会从服务器重新加载。</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="290"/>
        <source>Remove the posts saved on this computer?</source>
        <translation>删除保存在本机的帖子？</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="291"/>
        <source>The posts, comments and recently viewed list kept for reading offline are removed. %1 Your changes waiting to be sent are kept.</source>
        <translation>为离线阅读而保存的帖子、评论和最近浏览列表将被删除。%1 你等待发送的更改会保留。</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="294"/>
        <source>Clear cached posts</source>
        <translation>清除缓存的帖子</translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="296"/>
        <source>Cached posts cleared. Your changes waiting to be sent are kept.</source>
        <translation>缓存的帖子已清除。你等待发送的更改会保留。</translation>
    </message>
</context>
<context>
    <name>threadline::ui::ProfileHeader</name>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="336"/>
        <location filename="../ui/people/profileheader.cpp" line="370"/>
        <source>Offline: showing the profile as last loaded.</source>
        <translation>离线：显示上次加载的资料。</translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="338"/>
        <location filename="../ui/people/profileheader.cpp" line="371"/>
        <source>Offline: the profile cannot be loaded.</source>
        <translation>离线：无法加载资料。</translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="344"/>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="368"/>
        <source>This person does not exist.</source>
        <translation>这个人不存在。</translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="373"/>
        <source>The profile could not be refreshed: %1</source>
        <translation>无法刷新资料：%1</translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="375"/>
        <source>The profile could not be loaded: %1</source>
        <translation>无法加载资料：%1</translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="582"/>
        <source>Avatar of %1</source>
        <translation>%1 的头像</translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="587"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="590"/>
        <source>Show who follows %1</source>
        <translation>查看谁关注了 %1</translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="591"/>
        <source>Show whom %1 follows</source>
        <translation>查看 %1 关注的人</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/people/profileheader.cpp" line="585"/>
        <source>%Ln follower(s)</source>
        <extracomment>The counts under a person&apos;s name: &quot;2 followers · 3 following&quot;</extracomment>
        <translation>
            <numerusform>%Ln 位粉丝</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/people/profileheader.cpp" line="586"/>
        <source>%Ln following</source>
        <translation>
            <numerusform>关注 %Ln 人</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="594"/>
        <source>Moderator</source>
        <translation>管理员</translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="606"/>
        <source>Following</source>
        <translation>已关注</translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="606"/>
        <source>Follow</source>
        <translation>关注</translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="608"/>
        <source>Stop following %1 (F)</source>
        <translation>取消关注 %1 (F)</translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="609"/>
        <source>Follow %1 (F)</source>
        <translation>关注 %1 (F)</translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="610"/>
        <source>Following %1</source>
        <translation>已关注 %1</translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="611"/>
        <source>Follow %1</source>
        <translation>关注 %1</translation>
    </message>
</context>
<context>
    <name>threadline::ui::QaPanel</name>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="33"/>
        <source>%1 % errors</source>
        <translation>%1% 出错</translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="35"/>
        <source>%1 % dropped</source>
        <translation>%1% 丢弃</translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="37"/>
        <source>%1 ms latency</source>
        <translation>延迟 %1 毫秒</translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="38"/>
        <source>Faults on: %1</source>
        <translation>故障注入已开启：%1</translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="38"/>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="127"/>
        <source>Fa&amp;ults:</source>
        <translation>故障(&amp;U)：</translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="128"/>
        <source>latency=300,error=0.1,drop=0.05 or off</source>
        <translation>latency=300,error=0.1,drop=0.05 或 off</translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="129"/>
        <source>The same as the --faults option; Return applies it</source>
        <translation>与 --faults 选项相同；按回车生效</translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="130"/>
        <source>&amp;Latency:</source>
        <translation>延迟(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="131"/>
        <source>&amp;Errors (503):</source>
        <translation>出错率（503）(&amp;E)：</translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="132"/>
        <source>The share of requests answered with a server error, 0 to 1</source>
        <translation>以服务器错误应答的请求比例，0 到 1</translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="133"/>
        <source>Drop&amp;ped answers:</source>
        <translation>丢弃应答(&amp;P)：</translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="134"/>
        <source>The share of requests whose answer is lost after the server acted, 0 to 1</source>
        <translation>服务器已处理但应答丢失的请求比例，0 到 1</translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="136"/>
        <source>&amp;Offline: no request leaves the program</source>
        <translation>离线：不发出任何请求(&amp;O)</translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="137"/>
        <source>&amp;No faults</source>
        <translation>关闭故障(&amp;N)</translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="140"/>
        <location filename="../ui/window/qapanel.cpp" line="148"/>
        <source>Write latency=MS,error=RATE,drop=RATE with rates from 0 to 1, or off</source>
        <translation>请写 latency=毫秒,error=比例,drop=比例（比例 0 到 1），或 off</translation>
    </message>
</context>
<context>
    <name>threadline::ui::RankingView</name>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="63"/>
        <source>Open the person&apos;s page</source>
        <translation>打开此人的主页</translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="144"/>
        <source>Loading the ranking…</source>
        <translation>正在加载排行榜…</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/rankings/rankingview.cpp" line="150"/>
        <source>You this week: number %1 of %2, %n points</source>
        <translation>
            <numerusform>我的本周排名：第 %1 名（共 %2 人），%n 分</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/rankings/rankingview.cpp" line="151"/>
        <source>You today: number %1 of %2, %n points</source>
        <translation>
            <numerusform>我的今日排名：第 %1 名（共 %2 人），%n 分</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="154"/>
        <source>You have no points this week yet.</source>
        <translation>你本周还没有积分。</translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="155"/>
        <source>You have no points today yet.</source>
        <translation>你今天还没有积分。</translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="157"/>
        <source>(saved board; the server has not answered)</source>
        <translation>（已保存的榜单；服务器尚未响应）</translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="162"/>
        <source>The last 7 days, %1 to %2 (UTC+8): the sum of each day&apos;s points.</source>
        <translation>最近 7 天，%1 至 %2（UTC+8）：每天积分之和。</translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="164"/>
        <source>Today, %1 (UTC+8).</source>
        <translation>今天，%1（UTC+8）。</translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="167"/>
        <source>Points: %1 a post (at most %2 posts a day), %3 a comment (at most %4), %5 a like received from someone else (at most %6).</source>
        <translation>积分：发一条动态 %1 分（每天最多 %2 条），评论一条 %3 分（每天最多 %4 条），收到他人的一个赞 %5 分（每天最多 %6 个）。</translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="177"/>
        <source>Nobody has points this week yet.</source>
        <translation>本周还没有人获得积分。</translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="178"/>
        <source>Nobody has points today yet.</source>
        <translation>今天还没有人获得积分。</translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="183"/>
        <source>Today</source>
        <translation>今日</translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="184"/>
        <source>This week</source>
        <translation>本周</translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="185"/>
        <source>Which ranking</source>
        <translation>哪个排行榜</translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="186"/>
        <source>Ranking of people by points</source>
        <translation>按积分排列的用户排行</translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="187"/>
        <source>Return or a click opens the person&apos;s page</source>
        <translation>按回车或单击打开此人的主页</translation>
    </message>
</context>
<context>
    <name>threadline::ui::ReasonDialog</name>
    <message>
        <location filename="../ui/dialogs/reasondialog.cpp" line="86"/>
        <source>&amp;Reason (kept in the moderation log):</source>
        <translation>原因（记入审核日志）(&amp;R)：</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reasondialog.cpp" line="87"/>
        <source>&amp;Reason (optional, kept in the moderation log):</source>
        <translation>原因（可不填，记入审核日志）(&amp;R)：</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reasondialog.cpp" line="88"/>
        <source>For example: advertising, abuse</source>
        <translation>例如：广告、辱骂</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reasondialog.cpp" line="89"/>
        <source>For example: reviewed, breaks no rule</source>
        <translation>例如：已核实，不违规</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reasondialog.cpp" line="90"/>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reasondialog.cpp" line="91"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>threadline::ui::ReplyBox</name>
    <message>
        <location filename="../ui/thread/replybox.cpp" line="94"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../ui/thread/replybox.cpp" line="95"/>
        <source>Comment on the post instead (Esc)</source>
        <translation>改为评论动态 (Esc)</translation>
    </message>
    <message>
        <location filename="../ui/thread/replybox.cpp" line="96"/>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <location filename="../ui/thread/replybox.cpp" line="97"/>
        <source>Send (Ctrl+Return)</source>
        <translation>发送 (Ctrl+Return)</translation>
    </message>
    <message>
        <location filename="../ui/thread/replybox.cpp" line="98"/>
        <location filename="../ui/thread/replybox.cpp" line="125"/>
        <source>Comment</source>
        <translation>评论</translation>
    </message>
    <message>
        <location filename="../ui/thread/replybox.cpp" line="221"/>
        <source>%1/%2</source>
        <translation>%1/%2</translation>
    </message>
</context>
<context>
    <name>threadline::ui::ReportDialog</name>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="148"/>
        <source>Report</source>
        <translation>举报</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="149"/>
        <source>Why are you reporting %1?</source>
        <translation>为什么举报%1？</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="150"/>
        <source>&amp;Spam</source>
        <translation>垃圾广告(&amp;S)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="150"/>
        <source>&amp;Abuse or harassment</source>
        <translation>辱骂或骚扰(&amp;A)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="150"/>
        <source>&amp;Illegal content</source>
        <translation>违法内容(&amp;I)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="151"/>
        <source>&amp;Other</source>
        <translation>其他(&amp;O)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="153"/>
        <source>Advertising, scams, or the same thing posted again and again</source>
        <translation>广告、诈骗或反复发布相同内容</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="154"/>
        <source>Insults, threats, or going after a person</source>
        <translation>侮辱、威胁或针对某人</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="155"/>
        <source>Something that breaks the law</source>
        <translation>违反法律的内容</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="156"/>
        <source>Something else: say what in the note</source>
        <translation>其他原因：请在备注中说明</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="163"/>
        <source>&amp;Note for the moderators (optional)</source>
        <translation>给管理员的备注（可选）(&amp;N)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="164"/>
        <source>Anything that helps them decide</source>
        <translation>任何有助于管理员判断的信息</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="165"/>
        <source>&amp;Report</source>
        <translation>举报(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="166"/>
        <source>Send the report to the moderators (Ctrl+Return)</source>
        <translation>把举报发送给管理员 (Ctrl+Return)</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="173"/>
        <source>%1/%2</source>
        <translation>%1/%2</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="179"/>
        <source>The note is too long: %1 of at most %2 characters</source>
        <translation>备注太长：%1 个字，最多 %2 个</translation>
    </message>
</context>
<context>
    <name>threadline::ui::SearchView</name>
    <message>
        <location filename="../ui/search/searchview.cpp" line="184"/>
        <source>No posts or comments found.</source>
        <translation>没有找到相关的动态或评论。</translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="185"/>
        <source>Type what to look for and press Return.</source>
        <translation>输入要查找的内容，然后按回车键。</translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="186"/>
        <source>Nobody found.</source>
        <translation>没有找到相关的人。</translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="187"/>
        <source>Type a name, or part of one, and press Return.</source>
        <translation>输入名字或名字的一部分，然后按回车键。</translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="192"/>
        <source>Search posts, comments and people</source>
        <translation>搜索动态、评论和人</translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="193"/>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="194"/>
        <source>Return searches; Down goes to the results; Esc leaves</source>
        <translation>回车搜索；向下键进入结果；Esc 离开</translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="195"/>
        <source>Posts</source>
        <translation>动态</translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="196"/>
        <source>Comments</source>
        <translation>评论</translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="197"/>
        <source>People</source>
        <translation>人</translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="198"/>
        <source>What to search</source>
        <translation>搜索什么</translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="199"/>
        <source>Search results</source>
        <translation>搜索结果</translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="200"/>
        <source>People found</source>
        <translation>找到的人</translation>
    </message>
</context>
<context>
    <name>threadline::ui::ShortcutsDialog</name>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="29"/>
        <source>A desktop client for a timeline with nested comment threads, instant likes, an outbox that never loses an action, and a real offline mode.</source>
        <translation>一个桌面时间线客户端：嵌套评论、即时点赞、从不丢失操作的发件箱，以及真正的离线模式。</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="33"/>
        <source>Free software under the GNU General Public License, version 3 or later.</source>
        <translation>自由软件，以 GNU 通用公共许可证第 3 版或更高版本发布。</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="37"/>
        <source>About Threadline</source>
        <translation>关于 Threadline</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="46"/>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="93"/>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="47"/>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="47"/>
        <source>What they do</source>
        <translation>作用</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="71"/>
        <source>Tab, Shift+Tab</source>
        <translation>Tab、Shift+Tab</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="72"/>
        <source>On through the page list, the page, the thread&apos;s comments and its reply box</source>
        <translation>依次经过页面列表、页面、动态的评论和评论框</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="73"/>
        <source>F6, Shift+F6</source>
        <translation>F6、Shift+F6</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="73"/>
        <source>The next or previous of those regions</source>
        <translation>上述区域中的下一个或上一个</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="75"/>
        <source>J, K, Down, Up</source>
        <translation>J、K、↓、↑</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="75"/>
        <source>The next or previous post or comment</source>
        <translation>下一条或上一条动态或评论</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="76"/>
        <source>Return</source>
        <translation>回车</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="76"/>
        <source>Open the post&apos;s thread (the focus stays on the list); in a thread, reply to the comment</source>
        <translation>打开动态的评论（焦点留在列表上）；在评论中：回复该评论</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="78"/>
        <source>Reply: the cursor into the thread&apos;s reply box</source>
        <translation>回复：光标进入评论框</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="79"/>
        <source>Like or unlike the current post, comment or message</source>
        <translation>赞或取消赞当前的动态、评论或留言</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="87"/>
        <source>Close the thread (from the thread or from the timeline)</source>
        <translation>关闭评论（在评论中或在动态列表中）</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="80"/>
        <source>Open the topic of the current post or activity row</source>
        <translation>打开当前动态或动态记录里的话题</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="81"/>
        <source>Mark the current notification as read</source>
        <translation>将当前通知标为已读</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="82"/>
        <source>Follow or stop following (a person&apos;s or a topic&apos;s page)</source>
        <translation>关注或取消关注（在个人或话题页面）</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="83"/>
        <source>Shift+Return</source>
        <translation>Shift+回车</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="83"/>
        <source>Open the person who did what an activity row says</source>
        <translation>打开这条动态记录的发起人</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="84"/>
        <source>Menu, Shift+F10</source>
        <translation>菜单键、Shift+F10</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="84"/>
        <source>The current row&apos;s menu</source>
        <translation>当前行的菜单</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="85"/>
        <source>Delete</source>
        <translation>Delete</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="85"/>
        <source>Delete my post, comment or message (asked first)</source>
        <translation>删除我的动态、评论或留言（会先询问）</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="86"/>
        <source>Ctrl+Return</source>
        <translation>Ctrl+回车</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="86"/>
        <source>Send a comment, a reply or a message</source>
        <translation>发送评论、回复或留言</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="87"/>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="88"/>
        <source>Moderators: hide or unhide the current queue item</source>
        <translation>审核员：隐藏或取消隐藏当前的待处理项</translation>
    </message>
</context>
<context>
    <name>threadline::ui::StatsView</name>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="390"/>
        <source>Activity statistics</source>
        <translation>活跃统计</translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="391"/>
        <source>&amp;Day:</source>
        <translation>日期(&amp;D)：</translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="392"/>
        <source>The day the figures are for, in the server&apos;s time (UTC+8)</source>
        <translation>统计所针对的日期，按服务器时间（UTC+8）</translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="393"/>
        <source>Day</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="394"/>
        <source>The day before (Ctrl+Left)</source>
        <translation>前一天（Ctrl+Left）</translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="395"/>
        <source>The day before</source>
        <translation>前一天</translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="396"/>
        <source>The day after (Ctrl+Right)</source>
        <translation>后一天（Ctrl+Right）</translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="397"/>
        <source>The day after</source>
        <translation>后一天</translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="398"/>
        <source>Today</source>
        <translation>今天</translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="399"/>
        <source>Today (Ctrl+Home)</source>
        <translation>今天（Ctrl+Home）</translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="400"/>
        <source>Load the statistics again (F5)</source>
        <translation>重新加载统计（F5）</translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="401"/>
        <source>Reload</source>
        <translation>重新加载</translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="402"/>
        <source>Active today</source>
        <translation>今日活跃</translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="404"/>
        <source>Active on each of the last 3 days</source>
        <translation>最近 3 天每天都活跃</translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="405"/>
        <source>Active on any of the last 7 days</source>
        <translation>最近 7 天内活跃过</translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="406"/>
        <source>Inactive for 7 days</source>
        <translation>7 天未活跃</translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="407"/>
        <source>Active this week, but not today</source>
        <translation>本周活跃但今天未活跃</translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="408"/>
        <source>New this week</source>
        <translation>本周新用户</translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="411"/>
        <source>Show these people (click or Return)</source>
        <translation>列出这些人（单击或回车）</translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="412"/>
        <source>People</source>
        <translation>人员</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/moderation/statsview.cpp" line="414"/>
        <source>People active each day, the last %n days</source>
        <translation>
            <numerusform>最近 %n 天每日活跃人数</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="441"/>
        <source>loading</source>
        <translation>加载中</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/moderation/statsview.cpp" line="450"/>
        <source>%1: %n people</source>
        <extracomment>The people list&apos;s title: a figure&apos;s words and how many people it has</extracomment>
        <translation>
            <numerusform>%1：%n 人</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="440"/>
        <location filename="../ui/moderation/statsview.cpp" line="442"/>
        <source>not loaded</source>
        <translation>未加载</translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="251"/>
        <source>Could not load the people: %1</source>
        <translation>无法加载人员列表：%1</translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="444"/>
        <source>%1: %2</source>
        <extracomment>A figure for screen readers: &quot;Active today: 5&quot;</extracomment>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>threadline::ui::ThreadHeader</name>
    <message>
        <location filename="../ui/thread/threadheader.cpp" line="334"/>
        <source>By floor</source>
        <translation>按楼层</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadheader.cpp" line="335"/>
        <source>Floors in order, oldest first</source>
        <translation>按楼层顺序，从早到晚</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadheader.cpp" line="336"/>
        <source>Best first</source>
        <translation>最热</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadheader.cpp" line="337"/>
        <source>The best-liked floors first</source>
        <translation>赞最多的楼层在前</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadheader.cpp" line="338"/>
        <source>Newest</source>
        <translation>最新</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadheader.cpp" line="339"/>
        <source>The newest floors first</source>
        <translation>最新的楼层在前</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadheader.cpp" line="340"/>
        <source>Jump to newest ↑</source>
        <translation>跳到最新 ↑</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadheader.cpp" line="341"/>
        <source>Show the newest floors first</source>
        <translation>显示最新的楼层，最新的在最上面</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadheader.cpp" line="342"/>
        <source>Close (Esc)</source>
        <translation>关闭 (Esc)</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadheader.cpp" line="343"/>
        <location filename="../ui/thread/threadheader.cpp" line="345"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/thread/threadheader.cpp" line="382"/>
        <source>%n comment(s)</source>
        <translation>
            <numerusform>%n 条评论</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/thread/threadheader.cpp" line="384"/>
        <source>Loading the post…</source>
        <translation>正在加载动态…</translation>
    </message>
</context>
<context>
    <name>threadline::ui::ThreadView</name>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="67"/>
        <source>&amp;Reply</source>
        <translation>回复(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="74"/>
        <source>&amp;Copy text</source>
        <translation>复制文字(&amp;C)</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="85"/>
        <source>&amp;Delete comment</source>
        <translation>删除评论(&amp;D)</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="89"/>
        <source>Re&amp;port…</source>
        <translation>举报(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="96"/>
        <source>&amp;Unhide…</source>
        <translation>取消隐藏(&amp;U)…</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="96"/>
        <source>&amp;Hide…</source>
        <translation>隐藏(&amp;H)…</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="141"/>
        <location filename="../ui/thread/threadviewactions.cpp" line="268"/>
        <source>Delete comment</source>
        <translation>删除评论</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="253"/>
        <source>Unlike</source>
        <translation>取消赞</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="253"/>
        <source>Like</source>
        <translation>赞</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="256"/>
        <source>Withdraw oppose</source>
        <translation>取消踩</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="256"/>
        <source>Oppose</source>
        <translation>踩</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="260"/>
        <source>Reply</source>
        <translation>回复</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="265"/>
        <source>Copy text</source>
        <translation>复制文字</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="271"/>
        <source>Report…</source>
        <translation>举报…</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="132"/>
        <source>Delete your comment?</source>
        <translation>删除你的评论？</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="133"/>
        <source>Delete %1&apos;s comment?</source>
        <translation>删除 %1 的评论？</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/thread/threadviewactions.cpp" line="137"/>
        <source>Its floor goes with it: %n reply(s) will be deleted too. This cannot be undone.</source>
        <translation>
            <numerusform>整层楼会一起删除：%n 条回复也会被删除。此操作无法撤销。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="140"/>
        <source>This cannot be undone.</source>
        <translation>此操作无法撤销。</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="119"/>
        <source>this comment</source>
        <translation>这条评论</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="119"/>
        <source>%1&apos;s comment</source>
        <translation>%1 的评论</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/thread/threadviewactions.cpp" line="171"/>
        <source>Its floor goes with it: %n reply(s) are hidden too. Moderators still see them, greyed.</source>
        <translation>
            <numerusform>整层一起隐藏：其中 %n 条回复也会被隐藏。管理员仍能看到它们（灰色显示）。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="174"/>
        <source>Moderators still see it, greyed, and can unhide it.</source>
        <translation>管理员仍能看到它（灰色显示），并可取消隐藏。</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="176"/>
        <source>Everyone sees it again, with its floor as it was.</source>
        <translation>所有人都能再次看到它，整层恢复原样。</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="177"/>
        <source>Everyone sees it again.</source>
        <translation>所有人都能再次看到它。</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadview.cpp" line="219"/>
        <source>Comments</source>
        <translation>评论</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadview.cpp" line="221"/>
        <source>J and K or the arrows move between comments; R replies, L likes, Esc closes</source>
        <translation>J、K 或方向键在评论间移动；R 回复，L 赞，Esc 关闭</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadview.cpp" line="320"/>
        <source>Your post is on its way. Comments open once it is published.</source>
        <translation>你的动态正在发送，发布后即可评论。</translation>
    </message>
    <message>
        <location filename="../ui/thread/threadview.cpp" line="323"/>
        <source>No comments yet. Be the first: press R, write below and press Ctrl+Return.</source>
        <translation>还没有评论。来写第一条：按 R，在下面输入，按 Ctrl+Return 发送。</translation>
    </message>
</context>
<context>
    <name>threadline::ui::TimelineView</name>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="56"/>
        <location filename="../ui/timeline/timelineview.cpp" line="487"/>
        <source>Timeline</source>
        <translation>动态列表</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="58"/>
        <source>J and K or the arrows move between posts; Return opens, L likes, R replies</source>
        <translation>J、K 或方向键在动态间移动；Return 打开，L 赞，R 回复</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="63"/>
        <source>Open thread</source>
        <translation>打开动态</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="67"/>
        <source>Unlike</source>
        <translation>取消赞</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="67"/>
        <source>Like</source>
        <translation>赞</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="69"/>
        <source>Reply</source>
        <translation>回复</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="71"/>
        <source>Who liked this</source>
        <translation>谁赞了</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="74"/>
        <source>Open the author&apos;s page</source>
        <translation>打开作者的主页</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="81"/>
        <source>Report…</source>
        <translation>举报…</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="111"/>
        <source>No posts yet</source>
        <translation>还没有动态</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="149"/>
        <source>&amp;Open thread</source>
        <translation>查看评论(&amp;O)</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="152"/>
        <source>&amp;Who liked this</source>
        <translation>谁赞过(&amp;W)</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="167"/>
        <source>&amp;Copy text</source>
        <translation>复制文字(&amp;C)</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="172"/>
        <source>&amp;Delete post</source>
        <translation>删除动态(&amp;D)</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="158"/>
        <source>Open topic #%1#</source>
        <translation>打开话题 #%1#</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="175"/>
        <source>Re&amp;port…</source>
        <translation>举报(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="181"/>
        <source>&amp;Unhide post…</source>
        <translation>取消隐藏动态(&amp;U)…</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="181"/>
        <source>&amp;Hide post…</source>
        <translation>隐藏动态(&amp;H)…</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="78"/>
        <location filename="../ui/timeline/timelineview.cpp" line="211"/>
        <source>Delete post</source>
        <translation>删除动态</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="211"/>
        <source>Delete this post?</source>
        <translation>删除这条动态？</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="212"/>
        <source>It will be gone for everyone, with its comments and likes. This cannot be undone.</source>
        <translation>所有人都将看不到它，评论和赞也会一起删除。此操作无法撤销。</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="447"/>
        <source>↑ 50+ new posts</source>
        <translation>↑ 50+ 条新动态</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/timeline/timelineview.cpp" line="448"/>
        <source>↑ %n new post(s)</source>
        <translation>
            <numerusform>↑ %n 条新动态</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="449"/>
        <source>Show the new posts on top</source>
        <translation>在顶部显示新动态</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="203"/>
        <source>this post</source>
        <translation>这条动态</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="203"/>
        <source>%1&apos;s post</source>
        <translation>%1 的动态</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="239"/>
        <source>Its comments are hidden with it. Moderators still see it, greyed, and can unhide it.</source>
        <translation>它的评论也会一起隐藏。管理员仍能看到它（灰色显示），并可取消隐藏。</translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="241"/>
        <source>Everyone sees it again, with its comments.</source>
        <translation>所有人都能再次看到它和它的评论。</translation>
    </message>
</context>
<context>
    <name>threadline::ui::TopicPage</name>
    <message>
        <location filename="../ui/topics/topicpage.cpp" line="100"/>
        <location filename="../ui/topics/topicpage.cpp" line="127"/>
        <source>Offline: showing this topic as last seen.</source>
        <translation>离线：显示上次看到的话题。</translation>
    </message>
    <message>
        <location filename="../ui/topics/topicpage.cpp" line="101"/>
        <location filename="../ui/topics/topicpage.cpp" line="128"/>
        <source>Offline: the topic cannot be loaded.</source>
        <translation>离线：无法加载话题。</translation>
    </message>
    <message>
        <location filename="../ui/topics/topicpage.cpp" line="130"/>
        <source>The topic could not be loaded: %1</source>
        <translation>话题加载失败：%1</translation>
    </message>
    <message>
        <location filename="../ui/topics/topicpage.cpp" line="182"/>
        <source>Posts in %1</source>
        <translation>%1 中的动态</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/topics/topicpage.cpp" line="185"/>
        <source>%n post(s)</source>
        <translation>
            <numerusform>%n 条帖子</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/topics/topicpage.cpp" line="187"/>
        <source>%n follower(s)</source>
        <translation>
            <numerusform>%n 人关注</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/topics/topicpage.cpp" line="190"/>
        <source>Following</source>
        <translation>已关注</translation>
    </message>
    <message>
        <location filename="../ui/topics/topicpage.cpp" line="190"/>
        <source>Follow</source>
        <translation>关注</translation>
    </message>
    <message>
        <location filename="../ui/topics/topicpage.cpp" line="191"/>
        <source>Stop following this topic (F)</source>
        <translation>取消关注这个话题 (F)</translation>
    </message>
    <message>
        <location filename="../ui/topics/topicpage.cpp" line="192"/>
        <source>Follow this topic: its posts join Following (F)</source>
        <translation>关注这个话题：它的帖子会出现在“关注”里 (F)</translation>
    </message>
</context>
</TS>
