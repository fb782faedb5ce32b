<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>Actions</name>
    <message>
        <location filename="../core/actions.cpp" line="101"/>
        <source>a post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="103"/>
        <location filename="../core/actions.cpp" line="237"/>
        <source>your post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="104"/>
        <source>%1&apos;s post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="111"/>
        <source>a comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="113"/>
        <source>your comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="114"/>
        <source>%1&apos;s comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="280"/>
        <location filename="../core/actions.cpp" line="396"/>
        <location filename="../core/actions.cpp" line="398"/>
        <source>a message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="293"/>
        <source>your board</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="294"/>
        <source>%1&apos;s board</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="300"/>
        <source>%1&apos;s message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="466"/>
        <source>You had already reported %1: the moderators have your first report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="469"/>
        <source>Thank you: your report on %1 is with the moderators.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/actions.cpp" line="514"/>
        <source>Your post is published.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ApiClient</name>
    <message numerus="yes">
        <location filename="../core/net/headerwatch.cpp" line="76"/>
        <source>%1 sent an answer whose header did not end; it is not asked again for %n s</source>
        <extracomment>The breaker of a server that sent a response header without end; %1 the host:port</extracomment>
        <translation>
            <numerusform>%1 sent an answer whose header did not end; it is not asked again for %n second</numerusform>
            <numerusform>%1 sent an answer whose header did not end; it is not asked again for %n seconds</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ApiError</name>
    <message>
        <location filename="../core/net/apierror.cpp" line="67"/>
        <source>You are offline; signing in needs the server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="70"/>
        <source>The server did not answer in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="75"/>
        <source>A secure connection to the server could not be made</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="83"/>
        <source>Wrong username or password</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../core/net/apierror.cpp" line="86"/>
        <source>Too many sign-in attempts; try again in %n second(s)</source>
        <translation>
            <numerusform>Too many sign-in attempts; try again in %n second</numerusform>
            <numerusform>Too many sign-in attempts; try again in %n seconds</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="89"/>
        <source>Too many sign-in attempts; try again later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="94"/>
        <source>The server refused the sign-in (HTTP %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="108"/>
        <source>No error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="110"/>
        <source>Offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="112"/>
        <source>The server could not be reached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="114"/>
        <source>The request timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="120"/>
        <source>The secure connection to the server failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="123"/>
        <source>The server&apos;s answer could not be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="125"/>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="131"/>
        <source>You are signed out; please sign in again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="133"/>
        <source>You are not allowed to do this</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="135"/>
        <source>It no longer exists; it may have been deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="138"/>
        <source>This conflicts with an earlier change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="140"/>
        <source>The local copy is out of date and has to be refreshed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="143"/>
        <source>It is too large to send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="147"/>
        <source>The server did not accept it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="148"/>
        <source>The server did not accept it: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="152"/>
        <source>The server did not understand the request</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../core/net/apierror.cpp" line="155"/>
        <source>Too many requests; try again in %n second(s)</source>
        <translation>
            <numerusform>Too many requests; try again in %n second</numerusform>
            <numerusform>Too many requests; try again in %n seconds</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="158"/>
        <source>Too many requests; try again later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="161"/>
        <source>The server is unavailable (simulated fault)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="164"/>
        <source>The server had a problem; try again later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="165"/>
        <source>The server answered with an error (HTTP %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="175"/>
        <source>the server could not read the request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="177"/>
        <source>you are not allowed to do that</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="183"/>
        <source>the post was deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="185"/>
        <source>the comment was deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="187"/>
        <source>this person does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="189"/>
        <source>the report was not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="191"/>
        <source>the message was deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="193"/>
        <source>the notification was withdrawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="197"/>
        <source>it conflicts with an earlier request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="199"/>
        <source>it is too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="202"/>
        <source>the comment it answers was deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="204"/>
        <source>it was not accepted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="205"/>
        <source>it was not accepted (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="218"/>
        <source>picture %1 is too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="221"/>
        <source>picture %1 has too many pixels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="223"/>
        <source>picture %1 is not a valid image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="226"/>
        <source>picture %1 was refused: you are not allowed to do that</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="233"/>
        <source>picture %1 could not be uploaded: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="256"/>
        <source>HTTP status: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="257"/>
        <source>HTTP status: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/apierror.cpp" line="264"/>
        <source>Request id: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CoreOptions</name>
    <message>
        <location filename="../core/coreoptions.cpp" line="15"/>
        <source>The Threadline server, e.g. http://127.0.0.1:8080.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/coreoptions.cpp" line="19"/>
        <source>Start offline: no request leaves the program.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/coreoptions.cpp" line="36"/>
        <source>Inject faults for testing, e.g. latency=300,error=0.1,drop=0.05.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/coreoptions.cpp" line="40"/>
        <source>Milliseconds of quiet before a like is sent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/coreoptions.cpp" line="54"/>
        <source>--server needs an http or https URL, such as http://127.0.0.1:8080</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/coreoptions.cpp" line="62"/>
        <source>--faults takes latency=MS,error=RATE,drop=RATE with rates from 0 to 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/coreoptions.cpp" line="70"/>
        <source>--like-delay takes milliseconds from 0 to 600000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/coreoptions.cpp" line="26"/>
        <source>Trust the certificate(s) in FILE (PEM), e.g. a local deployment&apos;s self-signed one, besides the system&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/coreoptions.cpp" line="76"/>
        <source>--ca-cert: no PEM certificate in &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RelativeTime</name>
    <message>
        <location filename="../models/common/relativetime.cpp" line="29"/>
        <source>just now</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../models/common/relativetime.cpp" line="32"/>
        <source>%n minute(s) ago</source>
        <translation>
            <numerusform>%n minute ago</numerusform>
            <numerusform>%n minutes ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/common/relativetime.cpp" line="36"/>
        <source>%n hour(s) ago</source>
        <translation>
            <numerusform>%n hour ago</numerusform>
            <numerusform>%n hours ago</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TimelineModel</name>
    <message numerus="yes">
        <location filename="../models/timeline/timelinemodel.cpp" line="142"/>
        <source>%Ln like(s) today</source>
        <translation>
            <numerusform>%Ln like today</numerusform>
            <numerusform>%Ln likes today</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/timeline/timelinemodel.cpp" line="144"/>
        <source>%Ln like(s) this week</source>
        <translation>
            <numerusform>%Ln like this week</numerusform>
            <numerusform>%Ln likes this week</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/timeline/timelinemodel.cpp" line="146"/>
        <source>%Ln view(s) today</source>
        <translation>
            <numerusform>%Ln view today</numerusform>
            <numerusform>%Ln views today</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/timeline/timelinemodel.cpp" line="148"/>
        <source>%Ln view(s) this week</source>
        <translation>
            <numerusform>%Ln view this week</numerusform>
            <numerusform>%Ln views this week</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/timeline/timelinemodel.cpp" line="279"/>
        <source>This kind of post (%1) is not supported yet.</source>
        <extracomment>A post of a kind from a newer server: its kind as the server names it (VIDEO)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/timeline/timelinemodel.cpp" line="283"/>
        <source>%1: %2. %3 · %4 · %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/timeline/timelinemodel.cpp" line="285"/>
        <source>Pictures</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../models/timeline/timelinemodel.cpp" line="287"/>
        <source>%n like(s)</source>
        <translation>
            <numerusform>%n like</numerusform>
            <numerusform>%n likes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/timeline/timelinemodel.cpp" line="289"/>
        <source>%n comment(s)</source>
        <translation>
            <numerusform>%n comment</numerusform>
            <numerusform>%n comments</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/timeline/timelinemodel.cpp" line="313"/>
        <source>Like</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/timeline/timelinemodel.cpp" line="319"/>
        <source>Reply</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../core/wire/importfile.cpp" line="21"/>
        <source>Cannot import %1: %2; nothing was imported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/wire/importfile.cpp" line="26"/>
        <location filename="../core/wire/importfile.cpp" line="38"/>
        <source>Cannot import %1: it is larger than 16 MiB; nothing was imported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/wire/importfile.cpp" line="47"/>
        <source>Cannot import %1: %2 (at %3); nothing was imported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/wire/importfile.cpp" line="50"/>
        <source>the top level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/wire/importfile.cpp" line="56"/>
        <source>%1: left out %2 (the other posts are imported)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/startupflow.cpp" line="394"/>
        <source>Not signed in: choose File → Sign in…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/startupflow.cpp" line="131"/>
        <source>Your session has ended: sign in again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/startupflow.cpp" line="149"/>
        <source>You</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/startupflow.cpp" line="365"/>
        <source>Threadline is already open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="81"/>
        <source>Threadline is already open for this account: its window was brought up.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::core::AppCore</name>
    <message>
        <location filename="../core/appcore.cpp" line="70"/>
        <source>The local cache cannot be used (%1); Threadline works from the server only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/appcore.cpp" line="75"/>
        <source>The local cache was damaged and has been rebuilt from the server. Your unsent changes are safe.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/appcore.cpp" line="192"/>
        <source>Another server now answers at %1 (its data was replaced). Restart Threadline to see its posts; what you queued for the old one stays in its own file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/appcore.cpp" line="246"/>
        <source>Offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../core/appcore.cpp" line="246"/>
        <source>Offline — %n change(s) waiting</source>
        <translation>
            <numerusform>Offline — %n change waiting</numerusform>
            <numerusform>Offline — %n changes waiting</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/appcore.cpp" line="248"/>
        <source>Not signed in — reading the cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../core/appcore.cpp" line="249"/>
        <source>Not signed in — %n change(s) waiting until you sign in</source>
        <translation>
            <numerusform>Not signed in — %n change waiting until you sign in</numerusform>
            <numerusform>Not signed in — %n changes waiting until you sign in</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/appcore.cpp" line="251"/>
        <source>Sending %n change(s)…</source>
        <translation>
            <numerusform>Sending %n change…</numerusform>
            <numerusform>Sending %n changes…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/appcore.cpp" line="254"/>
        <source>Live updates unavailable; checking every %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../core/appcore.cpp" line="260"/>
        <source>%n change(s) failed</source>
        <translation>
            <numerusform>%n change failed</numerusform>
            <numerusform>%n changes failed</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/appcore.cpp" line="256"/>
        <location filename="../core/appcore.cpp" line="261"/>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::core::CertificateProblem</name>
    <message>
        <location filename="../core/net/tlspins.cpp" line="136"/>
        <source>it is not the certificate you trusted for this server: the certificate changed (the one trusted had the fingerprint %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/tlspins.cpp" line="142"/>
        <source>it is self-signed, not issued by an authority this computer trusts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/tlspins.cpp" line="150"/>
        <source>its issuer (%1) is not an authority this computer trusts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/tlspins.cpp" line="154"/>
        <source>it is for %1, not for %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/tlspins.cpp" line="159"/>
        <source>it expired on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/tlspins.cpp" line="162"/>
        <source>it is not valid before %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/tlspins.cpp" line="165"/>
        <source>it has been revoked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/tlspins.cpp" line="173"/>
        <source>it could not be verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/net/tlspins.cpp" line="179"/>
        <source>The certificate of %1 is not trusted: %2. Fingerprint (SHA-256): %3</source>
        <translation type="unfinished"></translation>
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
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/images/imagecache.cpp" line="83"/>
        <location filename="../core/images/imagecache.cpp" line="559"/>
        <source>The picture could not be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/images/imagecache.cpp" line="161"/>
        <location filename="../core/images/imagecache.cpp" line="419"/>
        <location filename="../core/images/imagecache.cpp" line="608"/>
        <source>Offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/images/imagecache.cpp" line="300"/>
        <source>Not a picture address that can be loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/images/imagecache.cpp" line="451"/>
        <location filename="../core/images/imagecache.cpp" line="553"/>
        <source>The picture could not be downloaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/images/imagecache.cpp" line="455"/>
        <source>The picture is on another site</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/images/imagecache.cpp" line="544"/>
        <source>The picture could not be loaded (HTTP %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/images/imagecache.cpp" line="551"/>
        <source>The picture took too long to load</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::core::Keychain</name>
    <message>
        <location filename="../core/account/keychain.cpp" line="117"/>
        <source>The keychain did not answer in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/account/keychain.cpp" line="144"/>
        <source>The keychain reported an error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::core::Outbox</name>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="90"/>
        <source>the post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="93"/>
        <source>the comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="96"/>
        <source>this person</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="100"/>
        <source>the reported content</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="116"/>
        <location filename="../core/outbox/outboxphrases.cpp" line="122"/>
        <source>like on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="118"/>
        <location filename="../core/outbox/outboxphrases.cpp" line="131"/>
        <source>unlike of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="103"/>
        <source>the message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="125"/>
        <source>oppose on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="128"/>
        <source>withdrawn oppose on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="112"/>
        <source>message for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="106"/>
        <source>the notification</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="135"/>
        <source>follow of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="137"/>
        <source>unfollow of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="141"/>
        <source>reply to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="143"/>
        <source>comment on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="148"/>
        <source>deletion of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="151"/>
        <source>new post %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="153"/>
        <source>report on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="157"/>
        <source>hiding of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="161"/>
        <source>unhiding of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="164"/>
        <source>dismissal of the reports on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="168"/>
        <source>%1 marked as read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="171"/>
        <source>notifications marked as read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="191"/>
        <source>the post it refers to could not be saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="193"/>
        <source>the comment it refers to could not be saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="179"/>
        <source>Your %1 could not be saved: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="212"/>
        <source>Your post could not be published: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="239"/>
        <source>Picture %1 (%2) cannot be posted: the file does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="246"/>
        <source>Picture %1 (%2) cannot be posted: the file cannot be read (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="254"/>
        <source>Picture %1 (%2) cannot be posted: it is larger than 5 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="261"/>
        <source>Picture %1 (%2) cannot be posted: it is not a PNG, JPEG or WebP image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="232"/>
        <source>A post can have at most %1 pictures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="199"/>
        <source>what it refers to could not be saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="225"/>
        <source>picture %1 was lost before it could be uploaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../core/outbox/outboxphrases.cpp" line="271"/>
        <source>%n change(s) saved</source>
        <translation>
            <numerusform>%n change saved</numerusform>
            <numerusform>%n changes saved</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="274"/>
        <source>%1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../core/outbox/outboxphrases.cpp" line="275"/>
        <source>%n could not be</source>
        <translation>
            <numerusform>%n could not be</numerusform>
            <numerusform>%n could not be</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/outbox/outboxphrases.cpp" line="277"/>
        <source>%1; %2:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/outbox/outbox.cpp" line="119"/>
        <source>This account is already open in another Threadline window (process %1). Close that one first: one outbox is never sent from two places.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::core::Session</name>
    <message>
        <location filename="../core/account/session.cpp" line="197"/>
        <source>The server address is not valid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/account/session.cpp" line="199"/>
        <source>Enter your username and password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/account/session.cpp" line="235"/>
        <source>Your sign-in cannot be saved because the system keychain is not available (%1). You stay signed in until you quit; next time you will have to sign in again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/account/session.cpp" line="281"/>
        <source>Your saved sign-in cannot be read because the system keychain is not available (%1). Please sign in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/account/session.cpp" line="372"/>
        <source>Your saved sign-in could not be removed because the system keychain is not available (%1).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::core::SyncEngine</name>
    <message>
        <location filename="../core/syncengine.cpp" line="290"/>
        <source>The server refuses every sync position (410 cursor expired); updates are paused until the next refresh.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::models::ActivityFeed</name>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="206"/>
        <source>Could not load the activity of people you follow: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="209"/>
        <source>Could not load everyone&apos;s activity: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="212"/>
        <source>Could not load this person&apos;s activity: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="215"/>
        <source>Could not load your activity: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::models::ActivityModel</name>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="31"/>
        <source>%1 posted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="34"/>
        <source>%1 commented on their own post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="35"/>
        <source>%1 commented on %2&apos;s post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="36"/>
        <source>%1 commented on a post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="39"/>
        <source>%1 liked their own post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="40"/>
        <source>%1 liked %2&apos;s post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="41"/>
        <source>%1 liked a post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="44"/>
        <source>%1 followed %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="45"/>
        <source>%1 followed someone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="48"/>
        <source>%1 replied to a comment on their own post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="49"/>
        <source>%1 replied to a comment on %2&apos;s post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="50"/>
        <source>%1 replied to a comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="52"/>
        <source>%1 left a message for %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="54"/>
        <source>%1 left a message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="57"/>
        <source>%1 posted in a topic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="58"/>
        <source>%1 posted in #%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="63"/>
        <source>%1 did something of a kind this version does not support yet (&quot;%2&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="90"/>
        <source>%1. %2</source>
        <extracomment>An activity row for a screen reader: &quot;李四 liked 王五&apos;s post: “the text”. 5 minutes ago&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/people/activitymodel.cpp" line="91"/>
        <source>%1: “%2”. %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::models::ActivityStatsFeed</name>
    <message>
        <location filename="../models/people/activitystatsfeed.cpp" line="24"/>
        <source>Only moderators can see the statistics.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/people/activitystatsfeed.cpp" line="25"/>
        <source>Could not load the statistics: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::models::CommentTreeModel</name>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="255"/>
        <source>Loading floors…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="256"/>
        <source>Could not load more floors — try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="257"/>
        <source>Load more floors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="279"/>
        <source>Loading replies…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="280"/>
        <source>Could not load the replies — try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="281"/>
        <source>More replies (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="318"/>
        <location filename="../models/thread/commenttreemodel.cpp" line="327"/>
        <source>%1 replied to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="323"/>
        <source>Reply to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="334"/>
        <source>%1, floor %2: %3. %4 · %5 · %6</source>
        <extracomment>A comment for a screen reader: &quot;李四 replied to 王五, floor 3: text. 2 likes · 1 reply · 5 minutes ago&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../models/thread/commenttreemodel.cpp" line="336"/>
        <source>%n like(s)</source>
        <translation>
            <numerusform>%n like</numerusform>
            <numerusform>%n likes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/thread/commenttreemodel.cpp" line="337"/>
        <source>%n reply(s)</source>
        <translation>
            <numerusform>%n reply</numerusform>
            <numerusform>%n replies</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/thread/commenttreemodel.cpp" line="338"/>
        <source>%n direct reply(s)</source>
        <translation>
            <numerusform>%n direct reply</numerusform>
            <numerusform>%n direct replies</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/thread/commenttreemodel.cpp" line="341"/>
        <source>%n oppose(s)</source>
        <translation>
            <numerusform>%n oppose</numerusform>
            <numerusform>%n opposes</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="343"/>
        <source>you like it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="345"/>
        <source>you oppose it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="347"/>
        <source>hidden by a moderator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="350"/>
        <source>sending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/thread/commenttreemodel.cpp" line="352"/>
        <source>not sent</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::models::DeviceTableFeed</name>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="327"/>
        <source>The device names could not be loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="355"/>
        <source>Enter the raw model as devices report it, e.g. “oneplus a6000”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="359"/>
        <source>Enter the name to show for “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="364"/>
        <location filename="../models/moderation/devicetablemodel.cpp" line="406"/>
        <source>“%1” is still being saved; wait for the server&apos;s answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="395"/>
        <source>The name for “%1” could not be saved: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="429"/>
        <source>“%1” could not be removed: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::models::DeviceTableModel</name>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="41"/>
        <source>Saving…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="43"/>
        <source>Removing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="221"/>
        <source>Saving; the server has “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="241"/>
        <source>Raw model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="243"/>
        <source>Display name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/devicetablemodel.cpp" line="245"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::models::ErrorLogModel</name>
    <message>
        <location filename="../models/errorlogmodel.cpp" line="104"/>
        <source>Time: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/errorlogmodel.cpp" line="106"/>
        <source>Request: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/errorlogmodel.cpp" line="107"/>
        <source>Error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/errorlogmodel.cpp" line="153"/>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/errorlogmodel.cpp" line="163"/>
        <source>%1, %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/errorlogmodel.cpp" line="164"/>
        <source>%1, %2: %3. Request id %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/errorlogmodel.cpp" line="183"/>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/errorlogmodel.cpp" line="185"/>
        <source>Request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/errorlogmodel.cpp" line="187"/>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/errorlogmodel.cpp" line="189"/>
        <source>Request id</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::models::ModerationLogModel</name>
    <message>
        <location filename="../models/moderation/moderationlogmodel.cpp" line="46"/>
        <source>hid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationlogmodel.cpp" line="48"/>
        <source>unhid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationlogmodel.cpp" line="50"/>
        <source>dismissed the reports on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationlogmodel.cpp" line="52"/>
        <source>deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationlogmodel.cpp" line="54"/>
        <source>changed a device name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationlogmodel.cpp" line="69"/>
        <source>%1 %2 post %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationlogmodel.cpp" line="74"/>
        <source>%1 %2 comment %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationlogmodel.cpp" line="79"/>
        <source>%1 %2 message %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationlogmodel.cpp" line="84"/>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationlogmodel.cpp" line="88"/>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::models::ModerationQueueFeed</name>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="433"/>
        <source>%1&apos;s post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="434"/>
        <source>the reported post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="436"/>
        <source>%1&apos;s message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="437"/>
        <source>the reported message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="438"/>
        <source>%1&apos;s comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="439"/>
        <source>the reported comment</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::models::ModerationQueueModel</name>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="204"/>
        <source>Spam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="206"/>
        <source>Abuse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="208"/>
        <source>Illegal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="210"/>
        <source>Other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="319"/>
        <source>Deleted post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="320"/>
        <source>Deleted message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="321"/>
        <source>Deleted comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="328"/>
        <source>Message by %1 on %2&apos;s board: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="331"/>
        <source>Post by %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="332"/>
        <source>Comment by %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="336"/>
        <source>%n report(s)</source>
        <translation>
            <numerusform>%n report</numerusform>
            <numerusform>%n reports</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="337"/>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/moderation/moderationqueuemodel.cpp" line="340"/>
        <source>auto-flagged: “%1”</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::models::NotificationText</name>
    <message numerus="yes">
        <location filename="../models/notifications/desktopalerts.cpp" line="21"/>
        <source>%n new reply(s) and comment(s) on a post</source>
        <translation>
            <numerusform>%n new reply or comment on a post</numerusform>
            <numerusform>%n new replies and comments on a post</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/notifications/desktopalerts.cpp" line="23"/>
        <source>%n new message(s) on your board</source>
        <translation>
            <numerusform>%n new message on your board</numerusform>
            <numerusform>%n new messages on your board</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/notifications/desktopalerts.cpp" line="25"/>
        <source>%n new follower(s)</source>
        <translation>
            <numerusform>%n new follower</numerusform>
            <numerusform>%n new followers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/notifications/desktopalerts.cpp" line="27"/>
        <source>%n new notification(s)</source>
        <translation>
            <numerusform>%n new notification</numerusform>
            <numerusform>%n new notifications</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/notifications/desktopalerts.cpp" line="85"/>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="15"/>
        <source>Someone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="27"/>
        <source>%1 replied to your comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="29"/>
        <source>%1 commented on your post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="31"/>
        <source>%1 left a message on your board</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="33"/>
        <source>%1 followed you</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="38"/>
        <source>%1 liked your comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../models/notifications/notificationtext.cpp" line="39"/>
        <source>%1 and %n other(s) liked your comment</source>
        <translation>
            <numerusform>%1 and %n other liked your comment</numerusform>
            <numerusform>%1 and %n others liked your comment</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="42"/>
        <source>%1 liked your message</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../models/notifications/notificationtext.cpp" line="43"/>
        <source>%1 and %n other(s) liked your message</source>
        <translation>
            <numerusform>%1 and %n other liked your message</numerusform>
            <numerusform>%1 and %n others liked your message</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="44"/>
        <source>%1 liked your post</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../models/notifications/notificationtext.cpp" line="45"/>
        <source>%1 and %n other(s) liked your post</source>
        <translation>
            <numerusform>%1 and %n other liked your post</numerusform>
            <numerusform>%1 and %n others liked your post</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="48"/>
        <source>your comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="49"/>
        <source>your message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="50"/>
        <source>your post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="52"/>
        <source>A moderator restored %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="54"/>
        <source>A moderator deleted %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="55"/>
        <source>A moderator hid %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="60"/>
        <source>A notification</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="60"/>
        <source>%1: a notification</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="68"/>
        <source>Reason: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="71"/>
        <source>“%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="78"/>
        <source>This kind of notification (%1) is not supported by this version yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/notifications/notificationtext.cpp" line="92"/>
        <source>unread</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::models::OutboxModel</name>
    <message>
        <location filename="../models/outboxmodel.cpp" line="32"/>
        <source>“%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="128"/>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="130"/>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="257"/>
        <source>it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="261"/>
        <location filename="../models/outboxmodel.cpp" line="267"/>
        <source>Like on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="261"/>
        <location filename="../models/outboxmodel.cpp" line="271"/>
        <source>Unlike of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="263"/>
        <source>Message on %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="269"/>
        <source>Oppose on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="270"/>
        <source>Oppose taken back on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="274"/>
        <source>Follow %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="274"/>
        <source>Unfollow %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="282"/>
        <source>Reply to %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="283"/>
        <source>Reply under %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="285"/>
        <source>Comment on %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="290"/>
        <source>Delete %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="295"/>
        <source>New post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="295"/>
        <source>New post: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../models/outboxmodel.cpp" line="296"/>
        <source>%1 (%n picture(s))</source>
        <translation>
            <numerusform>%1 (%n picture)</numerusform>
            <numerusform>%1 (%n pictures)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="299"/>
        <source>Report %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="303"/>
        <source>Hide %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="307"/>
        <source>Unhide %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="309"/>
        <source>Dismiss the reports on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="311"/>
        <source>Mark a notification as read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="313"/>
        <source>Mark notifications as read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="337"/>
        <source>Failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="340"/>
        <source>Sending…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="343"/>
        <source>Waiting for the network (offline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="346"/>
        <source>Waiting for you to sign in again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="349"/>
        <source>Waiting for what it refers to, to be sent first</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../models/outboxmodel.cpp" line="355"/>
        <source>Retry in %n s</source>
        <translation>
            <numerusform>Retry in %n s</numerusform>
            <numerusform>Retry in %n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/outboxmodel.cpp" line="356"/>
        <source>Retry in %n s after “%1”</source>
        <translation>
            <numerusform>Retry in %n s after “%1”</numerusform>
            <numerusform>Retry in %n s after “%1”</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/outboxmodel.cpp" line="361"/>
        <source>Waiting for the like delay: sent in %n s</source>
        <translation>
            <numerusform>Waiting for the like delay: sent in %n s</numerusform>
            <numerusform>Waiting for the like delay: sent in %n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/outboxmodel.cpp" line="366"/>
        <source>Waiting for the server: next try in %n s</source>
        <translation>
            <numerusform>Waiting for the server: next try in %n s</numerusform>
            <numerusform>Waiting for the server: next try in %n s</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/outboxmodel.cpp" line="369"/>
        <source>Waiting to be sent</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::models::PagedFeedBase</name>
    <message>
        <location filename="../models/common/pagedfeed.cpp" line="84"/>
        <source>Showing what was saved on %1. It could not be brought up to date: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::models::RankingFeed</name>
    <message>
        <location filename="../models/rankings/rankingfeed.cpp" line="108"/>
        <source>Could not load the ranking: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::models::RankingModel</name>
    <message numerus="yes">
        <location filename="../models/rankings/rankingmodel.cpp" line="47"/>
        <source>%1. %2, %n points</source>
        <translation>
            <numerusform>%1. %2, %n point</numerusform>
            <numerusform>%1. %2, %n points</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/rankings/rankingdelegate.cpp" line="79"/>
        <source>%n points</source>
        <translation>
            <numerusform>%n point</numerusform>
            <numerusform>%n points</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingdelegate.cpp" line="89"/>
        <source>%1 (me)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::models::SearchFeed</name>
    <message>
        <location filename="../models/search/searchfeed.cpp" line="48"/>
        <source>Could not search what is saved on this computer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/search/searchfeed.cpp" line="180"/>
        <source>Could not search: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/search/searchfeed.cpp" line="181"/>
        <source>Could not load more results: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/search/searchfeed.cpp" line="286"/>
        <source>Searching…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/search/searchfeed.cpp" line="287"/>
        <source>Searching what is saved on this computer…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/search/searchfeed.cpp" line="291"/>
        <source>Searched the server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/search/searchfeed.cpp" line="294"/>
        <source>Offline: searched what is saved on this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/search/searchfeed.cpp" line="298"/>
        <source>The server could not be reached (%1), so this searched what is saved on this computer.</source>
        <extracomment>%1: why the server could not be reached</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/search/searchfeed.cpp" line="303"/>
        <source>This server cannot search, so this searched what is saved on this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/search/searchfeed.cpp" line="311"/>
        <source>Nothing matches “%1”.</source>
        <extracomment>%1: the text searched for</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../models/search/searchfeed.cpp" line="314"/>
        <source>Only the newest %n comment(s) were looked through: type 3 or more characters to search them all.</source>
        <translation>
            <numerusform>Only the newest %n comment was looked through: type 3 or more characters to search them all.</numerusform>
            <numerusform>Only the newest %n comments were looked through: type 3 or more characters to search them all.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/search/searchfeed.cpp" line="317"/>
        <source>Only the newest %n post(s) were looked through: type 3 or more characters to search them all.</source>
        <translation>
            <numerusform>Only the newest %n post was looked through: type 3 or more characters to search them all.</numerusform>
            <numerusform>Only the newest %n posts were looked through: type 3 or more characters to search them all.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>threadline::models::StatsPeopleModel</name>
    <message>
        <location filename="../models/people/statspeoplemodel.cpp" line="41"/>
        <source>%1 (%2)</source>
        <extracomment>A person in a statistics list: &quot;nickname (uid)&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::models::ThreadLoader</name>
    <message>
        <location filename="../models/thread/threadloader.cpp" line="95"/>
        <source>Offline: the comments are not available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/thread/threadloader.cpp" line="153"/>
        <source>This post is no longer available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/thread/threadloader.cpp" line="157"/>
        <location filename="../models/thread/threadloader.cpp" line="167"/>
        <source>Could not load the comments</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../models/thread/threadloader.cpp" line="276"/>
        <source>Offline: this post has %n comment(s), and reading them needs a connection.</source>
        <translation>
            <numerusform>Offline: this post has %n comment, and reading it needs a connection.</numerusform>
            <numerusform>Offline: this post has %n comments, and reading them needs a connection.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/thread/threadloader.cpp" line="280"/>
        <source>Offline: %1 of the %n comment(s) are saved on this computer; the rest need a connection.</source>
        <translation>
            <numerusform>Offline: %1 of the %n comment is saved on this computer; the rest need a connection.</numerusform>
            <numerusform>Offline: %1 of the %n comments are saved on this computer; the rest need a connection.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/thread/threadloader.cpp" line="297"/>
        <source>Offline: more comments cannot be loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/thread/threadloader.cpp" line="315"/>
        <source>Offline: more replies cannot be loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/thread/threadloader.cpp" line="330"/>
        <source>This floor is no longer available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/thread/threadloader.cpp" line="333"/>
        <location filename="../models/thread/threadloader.cpp" line="343"/>
        <source>Could not load the replies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/thread/threadloader.cpp" line="367"/>
        <source>Offline: the rest of this floor is not in the local cache.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/thread/threadloader.cpp" line="388"/>
        <source>The local cache could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/thread/threadloader.cpp" line="395"/>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
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
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/timeline/timelinefeed.cpp" line="272"/>
        <location filename="../models/timeline/timelinefeed.cpp" line="290"/>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/timeline/timelinefeed.cpp" line="363"/>
        <source>Showing saved posts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/timeline/timelinefeed.cpp" line="365"/>
        <source>Showing saved posts — updating…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/timeline/timelinefeed.cpp" line="377"/>
        <source>Could not load the timeline: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/timeline/timelinefeed.cpp" line="378"/>
        <source>Could not load more posts: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/timeline/timelinefeed.cpp" line="436"/>
        <location filename="../models/timeline/timelinefeed.cpp" line="465"/>
        <location filename="../models/timeline/timelinefeed.cpp" line="500"/>
        <source>Up to date</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::ActivityCalendar</name>
    <message>
        <location filename="../ui/people/activitycalendar.cpp" line="33"/>
        <source>en_US</source>
        <extracomment>The locale (language_COUNTRY) whose month and weekday names the activity calendar uses</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activitycalendar.cpp" line="228"/>
        <source>MMMM yyyy</source>
        <extracomment>How the activity calendar names a month (QDate format): &quot;November 2026&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activitycalendar.cpp" line="247"/>
        <source>1 active day in %1</source>
        <extracomment>One day of a month a person was active on: &quot;1 active day in November 2026&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activitycalendar.cpp" line="250"/>
        <source>%1 active days in %2</source>
        <extracomment>The days of a month a person was active on: &quot;12 active days in November 2026&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activitycalendar.cpp" line="254"/>
        <source>Loading activity…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activitycalendar.cpp" line="258"/>
        <source>The month before (Page Up)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activitycalendar.cpp" line="259"/>
        <source>The month before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activitycalendar.cpp" line="260"/>
        <source>The month after (Page Down)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activitycalendar.cpp" line="261"/>
        <source>The month after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activitycalendar.cpp" line="262"/>
        <source>Active days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activitycalendar.cpp" line="268"/>
        <source>%1. Active on: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::ActivityChart</name>
    <message>
        <location filename="../ui/moderation/activitychart.cpp" line="111"/>
        <source>%1: %2 active</source>
        <extracomment>A bar of the statistics chart: &quot;2026-11-12: 5 active&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/activitychart.cpp" line="111"/>
        <source>%1: not loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/activitychart.cpp" line="121"/>
        <source>People active per day</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/moderation/activitychart.cpp" line="124"/>
        <source>The %n days from %1 to %2.</source>
        <translation>
            <numerusform>The %n day from %1 to %2.</numerusform>
            <numerusform>The %n days from %1 to %2.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/moderation/activitychart.cpp" line="128"/>
        <source>Selected: %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::ActivityDelegate</name>
    <message>
        <location filename="../ui/people/activitydelegate.cpp" line="265"/>
        <source>Picture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activitydelegate.cpp" line="265"/>
        <source>Not loaded</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::ActivityView</name>
    <message>
        <location filename="../ui/people/activityview.cpp" line="88"/>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="91"/>
        <source>Open the person&apos;s page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="222"/>
        <source>%1 Press F5 to try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="224"/>
        <source>Loading activity…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="226"/>
        <source>Nothing here yet: no posts, comments, likes or follows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="229"/>
        <source>Nothing yet from the people you follow. Follow someone from their page, or look at Everyone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="232"/>
        <source>Nobody has posted, commented, liked or followed anyone yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="234"/>
        <source>You have not posted, commented, liked or followed anyone yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="250"/>
        <source>Following</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="251"/>
        <source>Everyone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="252"/>
        <source>Mine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="253"/>
        <source>Whose activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="254"/>
        <source>All kinds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="254"/>
        <source>Posts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="254"/>
        <source>Comments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="254"/>
        <source>Replies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="255"/>
        <source>Likes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="255"/>
        <source>Follows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="255"/>
        <source>Messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="255"/>
        <source>Topic posts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="258"/>
        <source>Which kinds of activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="259"/>
        <source>Show only one kind of activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="260"/>
        <source>This person&apos;s activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="260"/>
        <source>Activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/activityview.cpp" line="261"/>
        <source>Return opens what a row is about; Shift+Return opens the person who did it; T opens the topic a row names.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::CertificateDialog</name>
    <message>
        <location filename="../ui/dialogs/certificatedialog.cpp" line="38"/>
        <source>The server&apos;s certificate changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/certificatedialog.cpp" line="39"/>
        <source>Untrusted certificate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/certificatedialog.cpp" line="43"/>
        <source>Fingerprint (SHA-256): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/certificatedialog.cpp" line="44"/>
        <source>Issued to: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/certificatedialog.cpp" line="44"/>
        <source>Issued by: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/certificatedialog.cpp" line="45"/>
        <source>Valid from %1 until %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/certificatedialog.cpp" line="46"/>
        <source>Trust it only if you know that this is the certificate of %1 (ask whoever runs the server to compare the fingerprint). It will be remembered for this server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/certificatedialog.cpp" line="52"/>
        <source>&amp;Trust this certificate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/certificatedialog.cpp" line="72"/>
        <source>The certificate of %1 is not trusted: %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::CommentDelegate</name>
    <message>
        <location filename="../ui/thread/commentdelegate.cpp" line="62"/>
        <source>Floor %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/commentdelegate.cpp" line="67"/>
        <source>New floor, not sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/commentdelegate.cpp" line="68"/>
        <source>New floor, sending…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/commentdelegate.cpp" line="251"/>
        <source>Like</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/commentdelegate.cpp" line="253"/>
        <source>Oppose</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/thread/commentdelegate.cpp" line="462"/>
        <source>%n reply(s)</source>
        <translation>
            <numerusform>%n reply</numerusform>
            <numerusform>%n replies</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/thread/commentdelegate.cpp" line="465"/>
        <source>Sending…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/commentdelegate.cpp" line="468"/>
        <source>Not sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/commentdelegate.cpp" line="441"/>
        <source>Hidden by a moderator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/commentdelegate.cpp" line="442"/>
        <source>Hidden by a moderator: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::ComposeDialog</name>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="94"/>
        <source>Remove this picture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="95"/>
        <source>Remove %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="229"/>
        <location filename="../ui/dialogs/composedialog.cpp" line="601"/>
        <source>New post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="230"/>
        <source>What&apos;s new?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="231"/>
        <source>&amp;Add pictures…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="233"/>
        <source>PNG, JPEG or WebP, up to %1 pictures of at most 5 MiB each</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="234"/>
        <source>&amp;Post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="235"/>
        <source>Post (Ctrl+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="308"/>
        <source>%1 was not added: the file does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="310"/>
        <source>%1 was not added: it is not a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="313"/>
        <source>%1 was not added: it is larger than 5 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="316"/>
        <source>%1 was not added: the file cannot be read (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="318"/>
        <source>%1 was not added: it is not a PNG, JPEG or WebP picture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="321"/>
        <source>%1 is already in this post</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/dialogs/composedialog.cpp" line="361"/>
        <source>A post can have at most %1 pictures: %n more not added</source>
        <translation>
            <numerusform>A post can have at most %1 pictures: %n more not added</numerusform>
            <numerusform>A post can have at most %1 pictures: %n more not added</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="440"/>
        <source>%1 was removed: it cannot be read as a picture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="451"/>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="453"/>
        <source>At most %1 characters: %2 left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="455"/>
        <source>At most %1 characters: %2 too many</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="525"/>
        <source>The picture on the clipboard could not be added: it is empty or too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="536"/>
        <source>The picture on the clipboard could not be saved for the post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="568"/>
        <source>Add pictures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="569"/>
        <source>Pictures (*.png *.jpg *.jpeg *.webp *.PNG *.JPG *.JPEG *.WEBP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="582"/>
        <source>Posting is not available right now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="594"/>
        <source>Your post could not be published.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="601"/>
        <source>Discard this post?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="604"/>
        <source>What you wrote and the pictures you added will be lost.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="605"/>
        <source>&amp;Discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/composedialog.cpp" line="606"/>
        <source>&amp;Keep editing</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::DeviceDialog</name>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="198"/>
        <source>Device names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="199"/>
        <source>Posts report the raw model of the device they were written on; cards show the display name given here. Changes are saved at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="201"/>
        <source>Filter by raw model or display name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="202"/>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="203"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="204"/>
        <source>Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="205"/>
        <source>Change the display name of the selected model (F2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="206"/>
        <source>Remove…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="207"/>
        <source>Remove the selected model from the table (Del)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="208"/>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="209"/>
        <source>New:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="210"/>
        <source>Raw model, e.g. oneplus a6000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="211"/>
        <source>Display name, e.g. 一加 6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="212"/>
        <source>Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/devicedialog.cpp" line="225"/>
        <source>Remove “%1” → “%2”? Its posts will show the raw model.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::ErrorLogDialog</name>
    <message>
        <location filename="../ui/window/errorlogdialog.cpp" line="136"/>
        <source>Recent errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/errorlogdialog.cpp" line="137"/>
        <source>The requests that failed lately, newest first. For a problem report, copy the details: the request id finds the server&apos;s record of it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/errorlogdialog.cpp" line="139"/>
        <source>No request has failed since Threadline started.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/errorlogdialog.cpp" line="140"/>
        <source>Failed requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/errorlogdialog.cpp" line="141"/>
        <source>Details of the selected error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/errorlogdialog.cpp" line="142"/>
        <source>&amp;Copy details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/errorlogdialog.cpp" line="143"/>
        <source>Copy &amp;all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/errorlogdialog.cpp" line="144"/>
        <source>C&amp;lear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/errorlogdialog.cpp" line="145"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::ItemActions</name>
    <message>
        <location filename="../ui/dialogs/itemactions.cpp" line="35"/>
        <source>&amp;Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/itemactions.cpp" line="54"/>
        <source>Hide %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/itemactions.cpp" line="54"/>
        <source>Unhide %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::LikersDialog</name>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="319"/>
        <source>Likes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="321"/>
        <source>No likes yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/thread/likersdialog.cpp" line="323"/>
        <source>Liked by %n people</source>
        <comment>the likers dialog&apos;s title; zh_CN: %n 人赞过</comment>
        <translation>
            <numerusform>Liked by %n person</numerusform>
            <numerusform>Liked by %n people</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="273"/>
        <source>This post is no longer available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="279"/>
        <source>The likes could not be loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="274"/>
        <source>This person is no longer here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="277"/>
        <source>The list could not be loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="315"/>
        <source>Followers of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="317"/>
        <source>People %1 follows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="367"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="368"/>
        <location filename="../ui/thread/likersdialog.cpp" line="369"/>
        <source>&amp;Retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="376"/>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="376"/>
        <source>Loading more…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="378"/>
        <source>No one follows this person yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="380"/>
        <source>This person follows no one yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/likersdialog.cpp" line="382"/>
        <source>No one has liked this post yet.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::LinkActions</name>
    <message>
        <location filename="../ui/common/textlinks.cpp" line="149"/>
        <source>Open link %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/common/textlinks.cpp" line="152"/>
        <source>Copy link address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/common/textlinks.cpp" line="153"/>
        <source>Copy link address %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::LoginDialog</name>
    <message>
        <location filename="../ui/dialogs/logindialog.cpp" line="26"/>
        <source>Sign in to Threadline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/logindialog.cpp" line="38"/>
        <source>Sign in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/logindialog.cpp" line="41"/>
        <source>&amp;Server:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/logindialog.cpp" line="42"/>
        <source>&amp;Username:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/logindialog.cpp" line="43"/>
        <source>&amp;Password:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::MainWindow</name>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="292"/>
        <source>All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="294"/>
        <source>Following</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="296"/>
        <source>My posts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="298"/>
        <source>Hot today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="300"/>
        <source>Hot this week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="302"/>
        <source>Most viewed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="304"/>
        <source>Recently viewed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="306"/>
        <source>Activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="308"/>
        <source>Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="310"/>
        <source>Moderation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="312"/>
        <source>Statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="314"/>
        <source>Ranking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="316"/>
        <source>Likes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="318"/>
        <source>Topic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="320"/>
        <location filename="../ui/window/mainwindownotifications.cpp" line="93"/>
        <location filename="../ui/window/mainwindownotifications.cpp" line="102"/>
        <source>Notifications</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="322"/>
        <source>Search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="334"/>
        <source>%1 — Threadline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="338"/>
        <source>You are signed out. Sign in again (File → Sign in…) to read and write; what you queued is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="340"/>
        <source>Signing in… Your saved posts appear here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="346"/>
        <location filename="../ui/window/mainwindowmenus.cpp" line="350"/>
        <location filename="../ui/window/mainwindownotifications.cpp" line="93"/>
        <source>Go to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="352"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="353"/>
        <source>&amp;New post…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="354"/>
        <source>Sign &amp;out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="354"/>
        <source>Sign &amp;in…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="355"/>
        <source>&amp;Preferences…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="356"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="357"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="358"/>
        <source>&amp;Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="360"/>
        <source>Work &amp;offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="361"/>
        <source>Show times in the system&apos;s time &amp;zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="362"/>
        <source>Outbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="363"/>
        <source>Out&amp;box: changes waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="81"/>
        <location filename="../ui/window/mainwindowmenus.cpp" line="365"/>
        <source>QA: faults</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/window/mainwindowmenus.cpp" line="131"/>
        <source>%n failed request(s)</source>
        <translation>
            <numerusform>%n failed request</numerusform>
            <numerusform>%n failed requests</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="137"/>
        <source>The latest: %1
Click for the details.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="138"/>
        <source>The latest: %1 (request id %2)
Click for the details, to copy for a problem report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="366"/>
        <source>&amp;QA panel: faults and offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="367"/>
        <source>Comments shown on a &amp;card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="368"/>
        <source>&amp;Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="369"/>
        <source>&amp;System colours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="370"/>
        <source>&amp;Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="371"/>
        <source>&amp;Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="372"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="373"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="374"/>
        <source>The project&apos;s &amp;page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="375"/>
        <source>Recent &amp;errors…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="377"/>
        <source>&amp;About Threadline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="378"/>
        <source>Signed in as %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowmenus.cpp" line="379"/>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="248"/>
        <source>Not signed in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindow.cpp" line="207"/>
        <source>Show the changes waiting (Ctrl+Shift+Q)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/window/mainwindow.cpp" line="377"/>
        <source>%n new post(s) on top</source>
        <translation>
            <numerusform>%n new post on top</numerusform>
            <numerusform>%n new posts on top</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindow.cpp" line="414"/>
        <source>Your report is on its way to the moderators.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindow.cpp" line="761"/>
        <source>Your post is on its way.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowdialogs.cpp" line="22"/>
        <source>This post has no pictures to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="145"/>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="229"/>
        <source>New post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="230"/>
        <source>Write a new post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="231"/>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="232"/>
        <source>Load the page again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="233"/>
        <source>Offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="233"/>
        <source>Online</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="235"/>
        <source>Working offline: changes wait in the outbox. Click to go online</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="237"/>
        <source>Online. Click to work offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="242"/>
        <source>&amp;My page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="244"/>
        <source>Account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="247"/>
        <source>Signed in as %1: your page, sign out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="249"/>
        <source>Account: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowtoolbar.cpp" line="250"/>
        <source>Toolbar</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/window/mainwindownotifications.cpp" line="101"/>
        <source>Notifications, %n unread</source>
        <translation>
            <numerusform>Notifications, %n unread</numerusform>
            <numerusform>Notifications, %n unread</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/window/mainwindownotifications.cpp" line="103"/>
        <source>%n unread notification(s) (Ctrl+Shift+N)</source>
        <translation>
            <numerusform>%n unread notification (Ctrl+Shift+N)</numerusform>
            <numerusform>%n unread notifications (Ctrl+Shift+N)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindownotifications.cpp" line="104"/>
        <source>Notifications (Ctrl+Shift+N)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowsearch.cpp" line="38"/>
        <source>&amp;Search…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/mainwindowkeys.cpp" line="142"/>
        <source>Pages</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::MessageBar</name>
    <message>
        <location filename="../ui/common/messagebar.cpp" line="101"/>
        <source>Retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/common/messagebar.cpp" line="102"/>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/common/messagebar.cpp" line="103"/>
        <source>Show the request id and status, for a problem report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/common/messagebar.cpp" line="104"/>
        <source>Close this message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/common/messagebar.cpp" line="105"/>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::MessageBoardView</name>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="48"/>
        <source>♥ %1 (you like it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="49"/>
        <source>♡ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="51"/>
        <source>not saved (see the outbox)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="53"/>
        <source>sending…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="59"/>
        <source>Hidden by a moderator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="60"/>
        <source>Hidden by a moderator: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="195"/>
        <source>The messages could not be loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="273"/>
        <source>Delete message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="273"/>
        <source>Delete this message?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="274"/>
        <source>It leaves the board for everyone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="285"/>
        <location filename="../ui/people/messageboardview.cpp" line="297"/>
        <source>%1&apos;s message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="299"/>
        <source>Only moderators see a hidden message.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="313"/>
        <source>Unlike (L)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="313"/>
        <source>Like (L)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="317"/>
        <source>Delete…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="319"/>
        <source>Report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="325"/>
        <source>Hide…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="325"/>
        <source>Unhide…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="383"/>
        <source>%1 too many</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="389"/>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="391"/>
        <source>No messages yet. Be the first to leave one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="399"/>
        <source>Leave a message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="400"/>
        <source>Leave the message (Ctrl+Return)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="403"/>
        <source>Write on your own board…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="404"/>
        <source>Leave a message for %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="405"/>
        <source>Messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/messageboardview.cpp" line="406"/>
        <source>Your message</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::ModerationView</name>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="266"/>
        <source>Post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="267"/>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="268"/>
        <source>Comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="292"/>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="270"/>
        <source>Post by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="272"/>
        <source>Comment by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="276"/>
        <source>Hidden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="100"/>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="278"/>
        <source>Auto-flagged: “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="271"/>
        <source>Message by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="320"/>
        <source>On %1&apos;s board</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="333"/>
        <source>On %1&apos;s post: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="335"/>
        <source>On post %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="364"/>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="365"/>
        <source>%1 · %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="369"/>
        <source>and %n more</source>
        <translation>
            <numerusform>and %n more</numerusform>
            <numerusform>and %n more</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="377"/>
        <source>Queued — waiting for the server…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/queuecarddelegate.cpp" line="384"/>
        <source>Failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="174"/>
        <source>In context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="180"/>
        <source>Select an item to see it in its place: its post and the comments around it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="191"/>
        <source>Someone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="193"/>
        <location filename="../ui/moderation/contextpane.cpp" line="242"/>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="194"/>
        <source>Hidden by a moderator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="199"/>
        <source>Auto-flagged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="200"/>
        <source>Reported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="269"/>
        <source>The reported message has been deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="275"/>
        <source>Message on %1&apos;s board</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="289"/>
        <source>Post by %1 · 1 comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="291"/>
        <source>Post by %1 · %2 comments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="307"/>
        <source>The post is hidden by a moderator.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="311"/>
        <source>The reported post has been deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="312"/>
        <source>Its post has been deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="318"/>
        <source>The reported comment has been deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="332"/>
        <source>First comments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="334"/>
        <source>Floor %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="338"/>
        <source>Loading its first comments…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="339"/>
        <source>Loading the floor…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="343"/>
        <source>The context could not be loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="346"/>
        <source>Click here to try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="353"/>
        <source>No comments yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="354"/>
        <source>Nothing else is left in this floor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="362"/>
        <location filename="../ui/moderation/contextpane.cpp" line="368"/>
        <source>⋯ earlier replies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="372"/>
        <source>⋯ %1 more comments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="375"/>
        <source>⋯ one more reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="376"/>
        <source>⋯ %1 more replies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/contextpane.cpp" line="378"/>
        <source>⋯ later replies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="405"/>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="406"/>
        <source>Closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="407"/>
        <source>Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="409"/>
        <source>Reported and auto-flagged content waiting for a decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="410"/>
        <source>Items that were hidden or dismissed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="411"/>
        <source>What moderators did</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="415"/>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="416"/>
        <source>Load the list again (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="118"/>
        <source>Hide %1 — reason:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="124"/>
        <source>Its floor&apos;s reply is hidden with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="126"/>
        <source>Its floor&apos;s %1 replies are hidden with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="129"/>
        <source>Its one comment is hidden with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="131"/>
        <source>Its %1 comments are hidden with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="136"/>
        <source>Unhide %1 — reason (optional):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="137"/>
        <source>Optional: why it is shown again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="141"/>
        <source>Its floor comes back as it was before it was hidden.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="143"/>
        <source>Its comments come back with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="149"/>
        <source>Dismiss the auto-flag on %1 — reason (optional):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="150"/>
        <source>Dismiss the reports on %1 — reason (optional):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="151"/>
        <source>Optional: why nothing is hidden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="119"/>
        <source>Required: why this is hidden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="120"/>
        <location filename="../ui/moderation/moderationview.cpp" line="431"/>
        <source>Hide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="420"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="185"/>
        <location filename="../ui/moderation/moderationview.cpp" line="422"/>
        <source>Hide…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="423"/>
        <source>Hide the content from everyone but moderators (H)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="138"/>
        <location filename="../ui/moderation/moderationview.cpp" line="431"/>
        <source>Unhide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="425"/>
        <source>Show the hidden content again (U)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationactions.cpp" line="152"/>
        <location filename="../ui/moderation/moderationview.cpp" line="432"/>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="427"/>
        <source>Close the reports without hiding anything (D)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="418"/>
        <source>Device names…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="419"/>
        <source>How raw device models are shown on cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="421"/>
        <source>Do nothing (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="185"/>
        <location filename="../ui/moderation/moderationview.cpp" line="424"/>
        <source>Unhide…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="190"/>
        <location filename="../ui/moderation/moderationview.cpp" line="426"/>
        <source>Dismiss…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="181"/>
        <location filename="../ui/moderation/moderationview.cpp" line="428"/>
        <source>Open post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="412"/>
        <source>Open reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="413"/>
        <source>Closed reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="414"/>
        <source>Moderation log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="429"/>
        <source>Open the post&apos;s thread (Return)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="430"/>
        <source>Action:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="431"/>
        <source>All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="432"/>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="432"/>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="435"/>
        <source>Moderator uid (all)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="436"/>
        <source>Only this moderator&apos;s entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="473"/>
        <source>Nothing to review: no open reports.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="474"/>
        <source>No closed items yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="477"/>
        <source>No log entries.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="508"/>
        <location filename="../ui/moderation/moderationview.cpp" line="600"/>
        <source>Only moderators can read the moderation log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="509"/>
        <location filename="../ui/moderation/moderationview.cpp" line="601"/>
        <source>Only moderators can see the moderation queue.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="602"/>
        <source>The moderation log could not be loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/moderationview.cpp" line="603"/>
        <source>The moderation queue could not be loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::NotificationsView</name>
    <message>
        <location filename="../ui/notifications/notificationsview.cpp" line="70"/>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/notifications/notificationsview.cpp" line="73"/>
        <source>Mark as read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/notifications/notificationsview.cpp" line="133"/>
        <location filename="../ui/notifications/notificationsview.cpp" line="136"/>
        <source>Notifications</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/notifications/notificationsview.cpp" line="134"/>
        <source>Mark all as read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/notifications/notificationsview.cpp" line="135"/>
        <source>Mark every notification as read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/notifications/notificationsview.cpp" line="137"/>
        <source>Return opens; M marks as read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/notifications/notificationsview.cpp" line="153"/>
        <source>Kept from %1; not updated: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/notifications/notificationsview.cpp" line="157"/>
        <source>Could not load the notifications: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/notifications/notificationsview.cpp" line="159"/>
        <source>Kept from %1; updated when online</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/notifications/notificationsview.cpp" line="163"/>
        <source>Loading notifications…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/notifications/notificationsview.cpp" line="165"/>
        <source>%n unread</source>
        <translation>
            <numerusform>%n unread</numerusform>
            <numerusform>%n unread</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/notifications/notificationsview.cpp" line="171"/>
        <source>No notifications yet. Replies, comments, messages on your board, new followers and likes show here.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::OutboxPanel</name>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="101"/>
        <source>Changes not yet saved on the server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="102"/>
        <source>&amp;Retry now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="103"/>
        <source>Send the selected change now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="104"/>
        <source>&amp;Discard…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="105"/>
        <source>Remove the selected change and undo it here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="106"/>
        <source>Discard &amp;all failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="115"/>
        <source>Everything is saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/window/outboxpanel.cpp" line="117"/>
        <source>%n change(s) failed</source>
        <translation>
            <numerusform>%n change failed</numerusform>
            <numerusform>%n changes failed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/window/outboxpanel.cpp" line="118"/>
        <source>%n change(s) waiting</source>
        <translation>
            <numerusform>%n change waiting</numerusform>
            <numerusform>%n changes waiting</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/window/outboxpanel.cpp" line="121"/>
        <source>%1, %n failed</source>
        <translation>
            <numerusform>%1, %n failed</numerusform>
            <numerusform>%1, %n failed</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="170"/>
        <source>Discard this change?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="172"/>
        <source>%1
It failed and is not shown any more; discarding removes it from the list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="175"/>
        <source>%1
It will not be sent, and what it changed here is undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/window/outboxpanel.cpp" line="185"/>
        <source>Discard %n failed change(s)?</source>
        <translation>
            <numerusform>Discard %n failed change?</numerusform>
            <numerusform>Discard %n failed changes?</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="186"/>
        <source>They were not saved on the server and are not shown any more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="195"/>
        <source>Discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/outboxpanel.cpp" line="198"/>
        <source>&amp;Discard</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::PersonPages</name>
    <message>
        <location filename="../ui/people/personpages.cpp" line="112"/>
        <source>Posts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/personpages.cpp" line="113"/>
        <source>Activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/personpages.cpp" line="114"/>
        <source>Posts, activity or messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/personpages.cpp" line="115"/>
        <source>Posts or activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/personpages.cpp" line="117"/>
        <source>Messages</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::PictureViewer</name>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="313"/>
        <source>Picture %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="314"/>
        <source>Picture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="315"/>
        <source>‹ &amp;Previous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="316"/>
        <source>The previous picture (Left arrow)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="317"/>
        <source>&amp;Next ›</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="318"/>
        <source>The next picture (Right arrow)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="320"/>
        <source>Zoom out (Ctrl+−, or the mouse wheel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="322"/>
        <source>Zoom in (Ctrl+=, or the mouse wheel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="323"/>
        <source>&amp;Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="324"/>
        <source>Fit the picture to the window (Ctrl+0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="327"/>
        <source>Actual size: one picture pixel per screen pixel (1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="328"/>
        <source>&amp;Save image as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="329"/>
        <source>Save this picture to a file (Ctrl+S)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="335"/>
        <source>There is no picture to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="338"/>
        <source>Loading picture…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="344"/>
        <source>This picture is on another site (%1). Threadline loads it from there only when you ask.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="347"/>
        <source>&amp;Load it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="353"/>
        <source>no reason was given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="354"/>
        <source>This picture could not be loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="355"/>
        <source>&amp;Try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="384"/>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="435"/>
        <source>The picture has not loaded, so there is nothing to save yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="386"/>
        <source>No file name was given.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="411"/>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="419"/>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="425"/>
        <source>The picture could not be saved to %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="416"/>
        <source>Threadline cannot write .%1 files: choose a name ending in .png or .jpg.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="442"/>
        <source>Save image as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="443"/>
        <source>Pictures (*.png *.jpg *.jpeg *.webp);;PNG (*.png);;JPEG (*.jpg *.jpeg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/pictureviewer.cpp" line="448"/>
        <source>Saved to %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::PostDelegate</name>
    <message>
        <location filename="../ui/timeline/postcardlayout.cpp" line="171"/>
        <location filename="../ui/timeline/postdelegate.cpp" line="379"/>
        <source>Hidden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/postcardlayout.cpp" line="179"/>
        <source>Sending…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/postcardlayout.cpp" line="179"/>
        <source>Not sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/postcardlayout.cpp" line="276"/>
        <location filename="../ui/timeline/postdelegateevents.cpp" line="218"/>
        <source>, </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/postcardlayout.cpp" line="289"/>
        <source>%1 replied to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/postcardlayout.cpp" line="292"/>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/postdelegate.cpp" line="193"/>
        <source>Click to load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/postdelegate.cpp" line="195"/>
        <source>Not loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/postdelegate.cpp" line="216"/>
        <source>+%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/postdelegate.cpp" line="350"/>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/postdelegate.cpp" line="384"/>
        <source>Hidden by a moderator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/postdelegate.cpp" line="385"/>
        <source>Hidden by a moderator: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/postdelegateevents.cpp" line="210"/>
        <source>This picture is on another site: click to load it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/postdelegateevents.cpp" line="212"/>
        <source>The picture could not be loaded: click to try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/postdelegateevents.cpp" line="214"/>
        <source>Open the topic #%1#</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::PreferencesDialog</name>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="194"/>
        <location filename="../ui/window/preferencesdialog.cpp" line="261"/>
        <source>Preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="195"/>
        <source>&amp;Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="196"/>
        <source>&amp;Colours:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="199"/>
        <source>As the system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="200"/>
        <source>Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="201"/>
        <source>Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="206"/>
        <source>System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="206"/>
        <source>System (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="210"/>
        <source>&amp;Times in:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="213"/>
        <source>UTC+8 (China Standard Time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="214"/>
        <source>The system&apos;s time zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="216"/>
        <source>Comments shown on a ca&amp;rd:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="217"/>
        <source>Start &amp;offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="219"/>
        <source>Takes effect at the next start: your saved posts are shown and nothing is fetched or sent until you turn off View → Work offline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="221"/>
        <source>&amp;Do not disturb: no notifications on the desktop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="223"/>
        <source>Replies, comments, messages and new followers still show on the Notifications page and its count.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="225"/>
        <source>Image cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="226"/>
        <source>&amp;Size limit:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="227"/>
        <source> MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="228"/>
        <source>Clear &amp;image cache…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="229"/>
        <source>Posts saved on this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="230"/>
        <source>Posts, comments and the recently viewed list are kept on this computer so that Threadline opens at once and can be read offline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="232"/>
        <source>Clear cached &amp;posts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="239"/>
        <source>Working out how much space the image cache uses…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="242"/>
        <source>Using %1 MB of %2 MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="279"/>
        <source>Remove the pictures and avatars saved on this computer?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="280"/>
        <source>They are downloaded again when they are shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="280"/>
        <source>Clear image cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="282"/>
        <source>The image cache is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="288"/>
        <source>The pages stay empty until you go online.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="289"/>
        <source>The pages load again from the server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="290"/>
        <source>Remove the posts saved on this computer?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="291"/>
        <source>The posts, comments and recently viewed list kept for reading offline are removed. %1 Your changes waiting to be sent are kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="294"/>
        <source>Clear cached posts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/preferencesdialog.cpp" line="296"/>
        <source>Cached posts cleared. Your changes waiting to be sent are kept.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::ProfileHeader</name>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="336"/>
        <location filename="../ui/people/profileheader.cpp" line="370"/>
        <source>Offline: showing the profile as last loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="338"/>
        <location filename="../ui/people/profileheader.cpp" line="371"/>
        <source>Offline: the profile cannot be loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="344"/>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="368"/>
        <source>This person does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="373"/>
        <source>The profile could not be refreshed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="375"/>
        <source>The profile could not be loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="582"/>
        <source>Avatar of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="587"/>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="590"/>
        <source>Show who follows %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="591"/>
        <source>Show whom %1 follows</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/people/profileheader.cpp" line="585"/>
        <source>%Ln follower(s)</source>
        <extracomment>The counts under a person&apos;s name: &quot;2 followers · 3 following&quot;</extracomment>
        <translation>
            <numerusform>%Ln follower</numerusform>
            <numerusform>%Ln followers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/people/profileheader.cpp" line="586"/>
        <source>%Ln following</source>
        <translation>
            <numerusform>%Ln following</numerusform>
            <numerusform>%Ln following</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="594"/>
        <source>Moderator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="606"/>
        <source>Following</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="606"/>
        <source>Follow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="608"/>
        <source>Stop following %1 (F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="609"/>
        <source>Follow %1 (F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="610"/>
        <source>Following %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/people/profileheader.cpp" line="611"/>
        <source>Follow %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::QaPanel</name>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="33"/>
        <source>%1 % errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="35"/>
        <source>%1 % dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="37"/>
        <source>%1 ms latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="38"/>
        <source>Faults on: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="38"/>
        <source>, </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="127"/>
        <source>Fa&amp;ults:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="133"/>
        <source>Drop&amp;ped answers:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="128"/>
        <source>latency=300,error=0.1,drop=0.05 or off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="129"/>
        <source>The same as the --faults option; Return applies it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="130"/>
        <source>&amp;Latency:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="131"/>
        <source>&amp;Errors (503):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="132"/>
        <source>The share of requests answered with a server error, 0 to 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="134"/>
        <source>The share of requests whose answer is lost after the server acted, 0 to 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="136"/>
        <source>&amp;Offline: no request leaves the program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="137"/>
        <source>&amp;No faults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/window/qapanel.cpp" line="140"/>
        <location filename="../ui/window/qapanel.cpp" line="148"/>
        <source>Write latency=MS,error=RATE,drop=RATE with rates from 0 to 1, or off</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::RankingView</name>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="63"/>
        <source>Open the person&apos;s page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="144"/>
        <source>Loading the ranking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/rankings/rankingview.cpp" line="150"/>
        <source>You this week: number %1 of %2, %n points</source>
        <translation>
            <numerusform>You this week: number %1 of %2, %n point</numerusform>
            <numerusform>You this week: number %1 of %2, %n points</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/rankings/rankingview.cpp" line="151"/>
        <source>You today: number %1 of %2, %n points</source>
        <translation>
            <numerusform>You today: number %1 of %2, %n point</numerusform>
            <numerusform>You today: number %1 of %2, %n points</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="154"/>
        <source>You have no points this week yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="155"/>
        <source>You have no points today yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="157"/>
        <source>(saved board; the server has not answered)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="162"/>
        <source>The last 7 days, %1 to %2 (UTC+8): the sum of each day&apos;s points.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="164"/>
        <source>Today, %1 (UTC+8).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="167"/>
        <source>Points: %1 a post (at most %2 posts a day), %3 a comment (at most %4), %5 a like received from someone else (at most %6).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="177"/>
        <source>Nobody has points this week yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="178"/>
        <source>Nobody has points today yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="183"/>
        <source>Today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="184"/>
        <source>This week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="185"/>
        <source>Which ranking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="186"/>
        <source>Ranking of people by points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/rankings/rankingview.cpp" line="187"/>
        <source>Return or a click opens the person&apos;s page</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::ReasonDialog</name>
    <message>
        <location filename="../ui/dialogs/reasondialog.cpp" line="86"/>
        <source>&amp;Reason (kept in the moderation log):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reasondialog.cpp" line="87"/>
        <source>&amp;Reason (optional, kept in the moderation log):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reasondialog.cpp" line="88"/>
        <source>For example: advertising, abuse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reasondialog.cpp" line="89"/>
        <source>For example: reviewed, breaks no rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reasondialog.cpp" line="90"/>
        <source>OK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reasondialog.cpp" line="91"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::ReplyBox</name>
    <message>
        <location filename="../ui/thread/replybox.cpp" line="94"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/replybox.cpp" line="95"/>
        <source>Comment on the post instead (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/replybox.cpp" line="96"/>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/replybox.cpp" line="97"/>
        <source>Send (Ctrl+Return)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/replybox.cpp" line="98"/>
        <location filename="../ui/thread/replybox.cpp" line="125"/>
        <source>Comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/replybox.cpp" line="221"/>
        <source>%1/%2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::ReportDialog</name>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="148"/>
        <source>Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="149"/>
        <source>Why are you reporting %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="150"/>
        <source>&amp;Spam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="150"/>
        <source>&amp;Abuse or harassment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="150"/>
        <source>&amp;Illegal content</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="151"/>
        <source>&amp;Other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="153"/>
        <source>Advertising, scams, or the same thing posted again and again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="154"/>
        <source>Insults, threats, or going after a person</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="155"/>
        <source>Something that breaks the law</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="156"/>
        <source>Something else: say what in the note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="163"/>
        <source>&amp;Note for the moderators (optional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="164"/>
        <source>Anything that helps them decide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="165"/>
        <source>&amp;Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="166"/>
        <source>Send the report to the moderators (Ctrl+Return)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="173"/>
        <source>%1/%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/reportdialog.cpp" line="179"/>
        <source>The note is too long: %1 of at most %2 characters</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::SearchView</name>
    <message>
        <location filename="../ui/search/searchview.cpp" line="184"/>
        <source>No posts or comments found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="185"/>
        <source>Type what to look for and press Return.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="186"/>
        <source>Nobody found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="187"/>
        <source>Type a name, or part of one, and press Return.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="192"/>
        <source>Search posts, comments and people</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="193"/>
        <source>Search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="194"/>
        <source>Return searches; Down goes to the results; Esc leaves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="195"/>
        <source>Posts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="196"/>
        <source>Comments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="197"/>
        <source>People</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="198"/>
        <source>What to search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="199"/>
        <source>Search results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/search/searchview.cpp" line="200"/>
        <source>People found</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::ShortcutsDialog</name>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="29"/>
        <source>A desktop client for a timeline with nested comment threads, instant likes, an outbox that never loses an action, and a real offline mode.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="33"/>
        <source>Free software under the GNU General Public License, version 3 or later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="37"/>
        <source>About Threadline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="46"/>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="93"/>
        <source>Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="47"/>
        <source>Keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="47"/>
        <source>What they do</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="71"/>
        <source>Tab, Shift+Tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="72"/>
        <source>On through the page list, the page, the thread&apos;s comments and its reply box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="73"/>
        <source>F6, Shift+F6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="73"/>
        <source>The next or previous of those regions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="75"/>
        <source>J, K, Down, Up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="75"/>
        <source>The next or previous post or comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="76"/>
        <source>Return</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="76"/>
        <source>Open the post&apos;s thread (the focus stays on the list); in a thread, reply to the comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="78"/>
        <source>Reply: the cursor into the thread&apos;s reply box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="79"/>
        <source>Like or unlike the current post, comment or message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="87"/>
        <source>Close the thread (from the thread or from the timeline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="80"/>
        <source>Open the topic of the current post or activity row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="81"/>
        <source>Mark the current notification as read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="82"/>
        <source>Follow or stop following (a person&apos;s or a topic&apos;s page)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="83"/>
        <source>Shift+Return</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="83"/>
        <source>Open the person who did what an activity row says</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="84"/>
        <source>Menu, Shift+F10</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="84"/>
        <source>The current row&apos;s menu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="85"/>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="85"/>
        <source>Delete my post, comment or message (asked first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="86"/>
        <source>Ctrl+Return</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="86"/>
        <source>Send a comment, a reply or a message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="87"/>
        <source>Esc</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/dialogs/helpdialogs.cpp" line="88"/>
        <source>Moderators: hide or unhide the current queue item</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::StatsView</name>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="390"/>
        <source>Activity statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="391"/>
        <source>&amp;Day:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="392"/>
        <source>The day the figures are for, in the server&apos;s time (UTC+8)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="393"/>
        <source>Day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="394"/>
        <source>The day before (Ctrl+Left)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="395"/>
        <source>The day before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="396"/>
        <source>The day after (Ctrl+Right)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="397"/>
        <source>The day after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="398"/>
        <source>Today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="399"/>
        <source>Today (Ctrl+Home)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="400"/>
        <source>Load the statistics again (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="401"/>
        <source>Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="402"/>
        <source>Active today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="404"/>
        <source>Active on each of the last 3 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="405"/>
        <source>Active on any of the last 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="406"/>
        <source>Inactive for 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="407"/>
        <source>Active this week, but not today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="408"/>
        <source>New this week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="411"/>
        <source>Show these people (click or Return)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="412"/>
        <source>People</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/moderation/statsview.cpp" line="414"/>
        <source>People active each day, the last %n days</source>
        <translation>
            <numerusform>People active each day, the last %n day</numerusform>
            <numerusform>People active each day, the last %n days</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="441"/>
        <source>loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/moderation/statsview.cpp" line="450"/>
        <source>%1: %n people</source>
        <extracomment>The people list&apos;s title: a figure&apos;s words and how many people it has</extracomment>
        <translation>
            <numerusform>%1: %n person</numerusform>
            <numerusform>%1: %n people</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="440"/>
        <location filename="../ui/moderation/statsview.cpp" line="442"/>
        <source>not loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="251"/>
        <source>Could not load the people: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/moderation/statsview.cpp" line="444"/>
        <source>%1: %2</source>
        <extracomment>A figure for screen readers: &quot;Active today: 5&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::ThreadHeader</name>
    <message>
        <location filename="../ui/thread/threadheader.cpp" line="334"/>
        <source>By floor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadheader.cpp" line="335"/>
        <source>Floors in order, oldest first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadheader.cpp" line="336"/>
        <source>Best first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadheader.cpp" line="337"/>
        <source>The best-liked floors first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadheader.cpp" line="338"/>
        <source>Newest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadheader.cpp" line="339"/>
        <source>The newest floors first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadheader.cpp" line="340"/>
        <source>Jump to newest ↑</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadheader.cpp" line="341"/>
        <source>Show the newest floors first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadheader.cpp" line="342"/>
        <source>Close (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadheader.cpp" line="343"/>
        <location filename="../ui/thread/threadheader.cpp" line="345"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/thread/threadheader.cpp" line="382"/>
        <source>%n comment(s)</source>
        <translation>
            <numerusform>%n comment</numerusform>
            <numerusform>%n comments</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/thread/threadheader.cpp" line="384"/>
        <source>Loading the post…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::ThreadView</name>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="67"/>
        <source>&amp;Reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="74"/>
        <source>&amp;Copy text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="85"/>
        <source>&amp;Delete comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="89"/>
        <source>Re&amp;port…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="96"/>
        <source>&amp;Unhide…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="96"/>
        <source>&amp;Hide…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="141"/>
        <location filename="../ui/thread/threadviewactions.cpp" line="268"/>
        <source>Delete comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="253"/>
        <source>Unlike</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="253"/>
        <source>Like</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="256"/>
        <source>Withdraw oppose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="256"/>
        <source>Oppose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="260"/>
        <source>Reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="265"/>
        <source>Copy text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="271"/>
        <source>Report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="132"/>
        <source>Delete your comment?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="133"/>
        <source>Delete %1&apos;s comment?</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/thread/threadviewactions.cpp" line="137"/>
        <source>Its floor goes with it: %n reply(s) will be deleted too. This cannot be undone.</source>
        <translation>
            <numerusform>Its floor goes with it: %n reply will be deleted too. This cannot be undone.</numerusform>
            <numerusform>Its floor goes with it: %n replies will be deleted too. This cannot be undone.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="140"/>
        <source>This cannot be undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="119"/>
        <source>this comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="119"/>
        <source>%1&apos;s comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/thread/threadviewactions.cpp" line="171"/>
        <source>Its floor goes with it: %n reply(s) are hidden too. Moderators still see them, greyed.</source>
        <translation>
            <numerusform>Its floor goes with it: %n reply is hidden too. Moderators still see it, greyed.</numerusform>
            <numerusform>Its floor goes with it: %n replies are hidden too. Moderators still see them, greyed.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="174"/>
        <source>Moderators still see it, greyed, and can unhide it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="176"/>
        <source>Everyone sees it again, with its floor as it was.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadviewactions.cpp" line="177"/>
        <source>Everyone sees it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadview.cpp" line="219"/>
        <source>Comments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadview.cpp" line="221"/>
        <source>J and K or the arrows move between comments; R replies, L likes, Esc closes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadview.cpp" line="320"/>
        <source>Your post is on its way. Comments open once it is published.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/thread/threadview.cpp" line="323"/>
        <source>No comments yet. Be the first: press R, write below and press Ctrl+Return.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::TimelineView</name>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="56"/>
        <location filename="../ui/timeline/timelineview.cpp" line="487"/>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="58"/>
        <source>J and K or the arrows move between posts; Return opens, L likes, R replies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="63"/>
        <source>Open thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="67"/>
        <source>Unlike</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="67"/>
        <source>Like</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="69"/>
        <source>Reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="71"/>
        <source>Who liked this</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="74"/>
        <source>Open the author&apos;s page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="81"/>
        <source>Report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="111"/>
        <source>No posts yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="149"/>
        <source>&amp;Open thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="152"/>
        <source>&amp;Who liked this</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="167"/>
        <source>&amp;Copy text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="172"/>
        <source>&amp;Delete post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="158"/>
        <source>Open topic #%1#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="175"/>
        <source>Re&amp;port…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="181"/>
        <source>&amp;Unhide post…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="181"/>
        <source>&amp;Hide post…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="78"/>
        <location filename="../ui/timeline/timelineview.cpp" line="211"/>
        <source>Delete post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="211"/>
        <source>Delete this post?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="212"/>
        <source>It will be gone for everyone, with its comments and likes. This cannot be undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="447"/>
        <source>↑ 50+ new posts</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/timeline/timelineview.cpp" line="448"/>
        <source>↑ %n new post(s)</source>
        <translation>
            <numerusform>↑ %n new post</numerusform>
            <numerusform>↑ %n new posts</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="449"/>
        <source>Show the new posts on top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="203"/>
        <source>this post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="203"/>
        <source>%1&apos;s post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="239"/>
        <source>Its comments are hidden with it. Moderators still see it, greyed, and can unhide it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/timeline/timelineview.cpp" line="241"/>
        <source>Everyone sees it again, with its comments.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>threadline::ui::TopicPage</name>
    <message>
        <location filename="../ui/topics/topicpage.cpp" line="100"/>
        <location filename="../ui/topics/topicpage.cpp" line="127"/>
        <source>Offline: showing this topic as last seen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/topics/topicpage.cpp" line="101"/>
        <location filename="../ui/topics/topicpage.cpp" line="128"/>
        <source>Offline: the topic cannot be loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/topics/topicpage.cpp" line="130"/>
        <source>The topic could not be loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/topics/topicpage.cpp" line="182"/>
        <source>Posts in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/topics/topicpage.cpp" line="185"/>
        <source>%n post(s)</source>
        <translation>
            <numerusform>%n post</numerusform>
            <numerusform>%n posts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/topics/topicpage.cpp" line="187"/>
        <source>%n follower(s)</source>
        <translation>
            <numerusform>%n follower</numerusform>
            <numerusform>%n followers</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/topics/topicpage.cpp" line="190"/>
        <source>Following</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/topics/topicpage.cpp" line="190"/>
        <source>Follow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/topics/topicpage.cpp" line="191"/>
        <source>Stop following this topic (F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/topics/topicpage.cpp" line="192"/>
        <source>Follow this topic: its posts join Following (F)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
