<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru" sourcelanguage="en">
<context>
    <name>About</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Сочетания клавиш</translation>
    </message>
    <message>
        <source>Every action that has a key, and its key.</source>
        <translation>Все действия, для которых есть сочетание клавиш, и сами сочетания.</translation>
    </message>
    <message>
        <source>About CopyLens</source>
        <translation>О программе CopyLens</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>Stop-word lists (11 languages)</source>
        <translation>Списки стоп-слов (11 языков)</translation>
    </message>
    <message>
        <source>Curated for CopyLens from the python-stop-words lists (© 2014 Alireza Savand and contributors); the notice is below.</source>
        <translation>Составлены для CopyLens на основе списков python-stop-words (© 2014 Alireza Savand и соавторы); текст лицензии приведён ниже.</translation>
    </message>
    <message>
        <source>Abbreviation lists (English, German)</source>
        <translation>Списки сокращений (английский, немецкий)</translation>
    </message>
    <message>
        <source>Written for CopyLens.</source>
        <translation>Созданы для CopyLens.</translation>
    </message>
    <message>
        <source>Thesauri (Russian, Ukrainian)</source>
        <translation>Тезаурусы (русский, украинский)</translation>
    </message>
    <message>
        <source>LibreOffice thesauri from Debian&apos;s mythes-ru and mythes-uk 7.5.0: Russian by Mikhail Korolyov and Yakov Reztsov; Ukrainian by the uk_UA dictionaries project (also GPL-2+ or MPL-1.1). Unmodified; notices in COPYRIGHT.txt.</source>
        <translation>Тезаурусы LibreOffice из пакетов Debian mythes-ru и mythes-uk 7.5.0: русский — Михаил Королёв и Яков Резцов; украинский — проект словарей uk_UA (также GPL-2+ или MPL-1.1). Без изменений; уведомления в COPYRIGHT.txt.</translation>
    </message>
    <message>
        <source>Sample texts, icons, translations</source>
        <translation>Образцы текстов, значки, переводы</translation>
    </message>
    <message>
        <source>Russian dictionary</source>
        <translation>Словарь русского языка</translation>
    </message>
    <message>
        <source>Ukrainian dictionary</source>
        <translation>Словарь украинского языка</translation>
    </message>
    <message>
        <source>Installed package %1; licence as the package declares it.</source>
        <translation>Устанавливаемый пакет %1; лицензия указана по данным самого пакета.</translation>
    </message>
    <message>
        <source>Copy versions</source>
        <translation>Копировать версии</translation>
    </message>
    <message>
        <source>For a bug report: the versions of CopyLens, Qt and Python.</source>
        <translation>Для сообщения об ошибке: версии CopyLens, Qt и Python.</translation>
    </message>
    <message>
        <source>A plagiarism and uniqueness checker that works offline.</source>
        <translation>Проверка текстов на заимствования и уникальность, без интернета.</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>Данные</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>Лицензия</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Где</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Действие</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Клавиши</translation>
    </message>
    <message>
        <source>Licence of the stop-word lists (BSD-3-Clause)</source>
        <translation>Лицензия списков стоп-слов (BSD-3-Clause)</translation>
    </message>
    <message>
        <source>CopyLens %1</source>
        <translation>CopyLens %1</translation>
    </message>
    <message>
        <source>Licence: %1</source>
        <translation>Лицензия: %1</translation>
    </message>
    <message>
        <source>Data bundled with CopyLens</source>
        <translation>Данные в составе CopyLens</translation>
    </message>
</context>
<context>
    <name>ArchiveBar</name>
    <message>
        <source>Also check against the archive</source>
        <translation>Проверять и по архиву</translation>
    </message>
    <message>
        <source>The archived documents are sources too, beside those in the Sources list (which may then stay empty).</source>
        <translation>Документы архива тоже служат источниками, вместе с файлами из списка «Источники» (он может оставаться пустым).</translation>
    </message>
    <message>
        <source>Add checked documents to the archive</source>
        <translation>Добавлять проверенные в архив</translation>
    </message>
    <message>
        <source>After the check, the checked documents are stored in the archive with these labels, so that later checks find them.</source>
        <translation>После проверки документы сохраняются в архиве с этими метками, и следующие проверки будут их находить.</translation>
    </message>
    <message>
        <source>&amp;Labels:</source>
        <translation>&amp;Метки:</translation>
    </message>
    <message>
        <source>author=Ivanova, group=301</source>
        <translation>author=Иванова, group=301</translation>
    </message>
    <message>
        <source>Labels of the checked documents as key=value pairs separated by commas (author, group, year, …). They are stored with the documents added to the archive, and an archived source with the same author is marked as self-citation.</source>
        <translation>Метки проверяемых документов: пары ключ=значение через запятую (author — автор, group — группа, year — год, …). Они сохраняются с документами, добавленными в архив, а архивный источник с тем же author отмечается как самоцитирование.</translation>
    </message>
    <message>
        <source>check against it</source>
        <translation>проверять по нему</translation>
    </message>
    <message>
        <source>add to it</source>
        <translation>добавлять в него</translation>
    </message>
    <message>
        <source>Use again</source>
        <translation>Использовать снова</translation>
    </message>
    <message>
        <source>Last time: %1</source>
        <translation>В прошлый раз: %1</translation>
    </message>
    <message>
        <source>The archive choices of your last session. They are not applied by themselves: click “Use again” to tick the boxes and fill in the labels.</source>
        <translation>Настройки архива из прошлого сеанса. Сами они не применяются: нажмите «Использовать снова», чтобы отметить флажки и заполнить метки.</translation>
    </message>
    <message>
        <source>Archive: %1</source>
        <translation>Архив: %1</translation>
    </message>
    <message>
        <source>choose one in Settings</source>
        <translation>выберите в параметрах</translation>
    </message>
    <message>
        <source>No archive (%1)</source>
        <translation>Архив не выбран (%1)</translation>
    </message>
    <message>
        <source>Settings (Ctrl+,) › Archive</source>
        <translation>Параметры (Ctrl+,) › Архив</translation>
    </message>
    <message>
        <source>Not a key=value label: “%1”</source>
        <translation>Это не метка вида ключ=значение: «%1»</translation>
    </message>
</context>
<context>
    <name>ArchiveWindow</name>
    <message>
        <source>ID</source>
        <translation>№</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>Added</source>
        <translation>Добавлен</translation>
    </message>
    <message>
        <source>Words</source>
        <translation>Слов</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>Метки</translation>
    </message>
    <message>
        <source>Archive — CopyLens</source>
        <translation>Архив — CopyLens</translation>
    </message>
    <message>
        <source>Change in Settings…</source>
        <translation>Изменить в параметрах…</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Обновить</translation>
    </message>
    <message>
        <source>Words of the name, or a label such as author=Ivanov</source>
        <translation>Слова из имени или метка, например author=Иванов</translation>
    </message>
    <message>
        <source>Shows the documents matching every comma-separated term: key=value matches a label (author=iva finds author=Ivanova), other words the name, path or labels.</source>
        <translation>Показывает документы, подходящие под все условия через запятую: ключ=значение ищет метку (author=иван находит author=Иванова), остальные слова — имя, путь или метки.</translation>
    </message>
    <message>
        <source>&amp;Filter:</source>
        <translation>&amp;Фильтр:</translation>
    </message>
    <message>
        <source>Open text</source>
        <translation>Открыть текст</translation>
    </message>
    <message>
        <source>Read the archived text of the selected document</source>
        <translation>Прочитать сохранённый в архиве текст выбранного документа</translation>
    </message>
    <message>
        <source>Remove…</source>
        <translation>Удалить…</translation>
    </message>
    <message>
        <source>Remove the selected documents from the archive</source>
        <translation>Удалить выбранные документы из архива</translation>
    </message>
    <message>
        <source>Add files…</source>
        <translation>Добавить файлы…</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>Добавить папку…</translation>
    </message>
    <message>
        <source>author=Ivanova, group=301, year=2024</source>
        <translation>author=Иванова, group=301, year=2024</translation>
    </message>
    <message>
        <source>Labels stored with the documents added now, as key=value pairs separated by commas. An archived source whose author is the checked document&apos;s author is marked as self-citation.</source>
        <translation>Метки, которые сохраняются с добавляемыми документами: пары ключ=значение через запятую. Архивный источник, у которого author тот же, что у проверяемого документа, отмечается как самоцитирование.</translation>
    </message>
    <message>
        <source>&amp;Labels of added documents:</source>
        <translation>&amp;Метки добавляемых документов:</translation>
    </message>
    <message>
        <source>Add to the archive</source>
        <translation>Добавление в архив</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Not a key=value label: “%1”</source>
        <translation>Это не метка вида ключ=значение: «%1»</translation>
    </message>
    <message>
        <source>%1 stored</source>
        <translation>%1 данных</translation>
    </message>
    <message>
        <source>%1 on disk</source>
        <translation>%1 на диске</translation>
    </message>
    <message>
        <source>shown %1 of %2</source>
        <translation>показано %1 из %2</translation>
    </message>
    <message>
        <source>1 document</source>
        <translation>1 документ</translation>
    </message>
    <message>
        <source>1 word</source>
        <translation>1 слово</translation>
    </message>
    <message>
        <source>1 byte</source>
        <translation>1 байт</translation>
    </message>
    <message>
        <source>Archive: %1</source>
        <translation>Архив: %1</translation>
    </message>
    <message>
        <source>Archive: none</source>
        <translation>Архив не выбран</translation>
    </message>
    <message>
        <source>No archive is chosen. Choose an SQLite file or enter a PostgreSQL address in Settings (Archive).</source>
        <translation>Архив не выбран. Укажите файл SQLite или адрес PostgreSQL в параметрах (раздел «Архив»).</translation>
    </message>
    <message>
        <source>Reading the archive…</source>
        <translation>Чтение архива…</translation>
    </message>
    <message>
        <source>There is no archive here yet. Add files or a folder to create it.</source>
        <translation>Архива здесь ещё нет. Добавьте файлы или папку — он будет создан.</translation>
    </message>
    <message>
        <source>The archive cannot be opened: %1</source>
        <translation>Не удаётся открыть архив: %1</translation>
    </message>
    <message>
        <source>Remove “%1” (archive #%2) from the archive?</source>
        <translation>Удалить «%1» (архив № %2) из архива?</translation>
    </message>
    <message numerus="yes">
        <source>Remove %n documents from the archive?</source>
        <translation>
            <numerusform>Удалить %n документ из архива?</numerusform>
            <numerusform>Удалить %n документа из архива?</numerusform>
            <numerusform>Удалить %n документов из архива?</numerusform>
        </translation>
    </message>
    <message>
        <source>Their texts are deleted from the archive; later checks no longer find them. The original files are not touched.</source>
        <translation>Их тексты будут удалены из архива, и следующие проверки их уже не найдут. Исходные файлы не затрагиваются.</translation>
    </message>
    <message>
        <source>Remove from the archive</source>
        <translation>Удаление из архива</translation>
    </message>
    <message>
        <source>Removing…</source>
        <translation>Удаление…</translation>
    </message>
    <message>
        <source>Removed from the archive: %1</source>
        <translation>Удалено из архива: %1</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>Документы</translation>
    </message>
    <message>
        <source>All files</source>
        <translation>Все файлы</translation>
    </message>
    <message>
        <source>Add files to the archive</source>
        <translation>Добавить файлы в архив</translation>
    </message>
    <message>
        <source>Add a folder to the archive</source>
        <translation>Добавить папку в архив</translation>
    </message>
    <message>
        <source>The settings are not valid.</source>
        <translation>Параметры заданы неверно.</translation>
    </message>
    <message>
        <source>Reading the files…</source>
        <translation>Чтение файлов…</translation>
    </message>
    <message>
        <source>Adding %1 / %2</source>
        <translation>Добавление %1 / %2</translation>
    </message>
    <message>
        <source>Reading %1 / %2</source>
        <translation>Чтение %1 / %2</translation>
    </message>
    <message>
        <source>Added: %1</source>
        <translation>Добавлено: %1</translation>
    </message>
    <message>
        <source>identical to earlier records: %1</source>
        <translation>совпадают с прежними записями: %1</translation>
    </message>
    <message>
        <source>already in the archive: %1</source>
        <translation>уже были в архиве: %1</translation>
    </message>
    <message>
        <source>could not be read: %1</source>
        <translation>не удалось прочитать: %1</translation>
    </message>
    <message>
        <source>Adding stopped with an error.</source>
        <translation>Добавление остановлено из-за ошибки.</translation>
    </message>
    <message>
        <source>Adding cancelled: the documents stored before it stay in the archive.</source>
        <translation>Добавление отменено: документы, сохранённые до отмены, остаются в архиве.</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Отмена…</translation>
    </message>
    <message numerus="yes">
        <source>%n bytes</source>
        <translation>
            <numerusform>%n байт</numerusform>
            <numerusform>%n байта</numerusform>
            <numerusform>%n байт</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n documents</source>
        <translation>
            <numerusform>%n документ</numerusform>
            <numerusform>%n документа</numerusform>
            <numerusform>%n документов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n words</source>
        <translation>
            <numerusform>%n слово</numerusform>
            <numerusform>%n слова</numerusform>
            <numerusform>%n слов</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading the text from the archive…</source>
        <translation>Чтение текста из архива…</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 ГБ</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 МБ</translation>
    </message>
    <message>
        <source>%1 KB</source>
        <translation>%1 КБ</translation>
    </message>
    <message>
        <source>Added %1</source>
        <translation>Добавлен %1</translation>
    </message>
    <message>
        <source>%1 — archive #%2</source>
        <translation>%1 — архив № %2</translation>
    </message>
</context>
<context>
    <name>CertificateDialog</name>
    <message>
        <source>Save certificate</source>
        <translation>Сохранить справку</translation>
    </message>
    <message>
        <source>Certificate</source>
        <translation>Справка</translation>
    </message>
    <message>
        <source>One page per checked document, before the detailed report: these fields, the three shares, the main sources, the method, the settings&apos; fingerprint and a signature line.</source>
        <translation>По странице на каждый проверенный документ перед подробным отчётом: эти поля, три доли, основные источники, способ проверки, отпечаток параметров и строка для подписи.</translation>
    </message>
    <message>
        <source>Print…</source>
        <translation>Печать…</translation>
    </message>
    <message>
        <source>&amp;Institution:</source>
        <translation>&amp;Организация:</translation>
    </message>
    <message>
        <source>&amp;Work:</source>
        <translation>&amp;Работа:</translation>
    </message>
    <message>
        <source>&amp;Author:</source>
        <translation>&amp;Автор:</translation>
    </message>
    <message>
        <source>&amp;Group:</source>
        <translation>&amp;Группа:</translation>
    </message>
    <message>
        <source>&amp;Checked by:</source>
        <translation>&amp;Проверил:</translation>
    </message>
    <message>
        <source>each document&apos;s name</source>
        <translation>имя каждого документа</translation>
    </message>
    <message>
        <source>The certificate could not be saved to {path}:
{error}</source>
        <translation>Не удалось сохранить справку в {path}:
{error}</translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <source>No comparison to show.</source>
        <translation>Нет результатов сравнения.</translation>
    </message>
    <message>
        <source>Back to all documents</source>
        <translation>Назад ко всем документам</translation>
    </message>
    <message>
        <source>1 document</source>
        <translation>1 документ</translation>
    </message>
    <message numerus="yes">
        <source>%n documents</source>
        <translation>
            <numerusform>%n документ</numerusform>
            <numerusform>%n документа</numerusform>
            <numerusform>%n документов</numerusform>
        </translation>
    </message>
    <message>
        <source>1 pair sharing text</source>
        <translation>1 пара с общим текстом</translation>
    </message>
    <message numerus="yes">
        <source>%n pairs sharing text</source>
        <translation>
            <numerusform>%n пара с общим текстом</numerusform>
            <numerusform>%n пары с общим текстом</numerusform>
            <numerusform>%n пар с общим текстом</numerusform>
        </translation>
    </message>
    <message>
        <source>1 group of near-copies</source>
        <translation>1 группа почти одинаковых документов</translation>
    </message>
    <message numerus="yes">
        <source>%n groups of near-copies</source>
        <translation>
            <numerusform>%n группа почти одинаковых документов</numerusform>
            <numerusform>%n группы почти одинаковых документов</numerusform>
            <numerusform>%n групп почти одинаковых документов</numerusform>
        </translation>
    </message>
    <message>
        <source>1 news file</source>
        <translation>1 файл новостей</translation>
    </message>
    <message numerus="yes">
        <source>%n news files</source>
        <translation>
            <numerusform>%n файл новостей</numerusform>
            <numerusform>%n файла новостей</numerusform>
            <numerusform>%n файлов новостей</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n files could not be read</source>
        <translation>
            <numerusform>⚠ Не удалось прочитать файлов: %n</numerusform>
            <numerusform>⚠ Не удалось прочитать файлов: %n</numerusform>
            <numerusform>⚠ Не удалось прочитать файлов: %n</numerusform>
        </translation>
    </message>
    <message>
        <source>Pairs ({0})</source>
        <translation>Пары ({0})</translation>
    </message>
    <message>
        <source>Documents ({0})</source>
        <translation>Документы ({0})</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
</context>
<context>
    <name>DocumentSummary</name>
    <message>
        <source>This very submission (the same file, the same labels) is in the archive: it is not counted as its own source.</source>
        <translation>Эта самая работа (тот же файл, те же метки) уже в архиве: она не считается собственным источником.</translation>
    </message>
    <message>
        <source>Letters of another alphabet that look the same (Latin “о” in a Cyrillic word, or vice versa), often planted to fool plagiarism checkers. They are marked red in the text.</source>
        <translation>Буквы другого алфавита, которые выглядят так же (латинская «o» в русском слове или наоборот). Их часто подставляют, чтобы обмануть проверку на заимствования. В тексте они выделены красным.</translation>
    </message>
    <message>
        <source>1 look-alike letter</source>
        <translation>1 подменённая буква</translation>
    </message>
    <message numerus="yes">
        <source>%n look-alike letters</source>
        <translation>
            <numerusform>%n подменённая буква</numerusform>
            <numerusform>%n подменённые буквы</numerusform>
            <numerusform>%n подменённых букв</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown language</source>
        <translation>язык не определён</translation>
    </message>
    <message>
        <source>1 word</source>
        <translation>1 слово</translation>
    </message>
    <message numerus="yes">
        <source>%n words</source>
        <translation>
            <numerusform>%n слово</numerusform>
            <numerusform>%n слова</numerusform>
            <numerusform>%n слов</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 compared</source>
        <translation>из них сравнивалось %1</translation>
    </message>
    <message>
        <source>no sources</source>
        <translation>источников нет</translation>
    </message>
    <message>
        <source>1 source</source>
        <translation>1 источник</translation>
    </message>
    <message numerus="yes">
        <source>%n sources</source>
        <translation>
            <numerusform>%n источник</numerusform>
            <numerusform>%n источника</numerusform>
            <numerusform>%n источников</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DocumentView</name>
    <message>
        <source>No document to show.</source>
        <translation>Нет документа для показа.</translation>
    </message>
    <message>
        <source>Back to document</source>
        <translation>Назад к документу</translation>
    </message>
    <message>
        <source>Open the page in the browser</source>
        <translation>Открыть страницу в браузере</translation>
    </message>
    <message>
        <source>copied exactly</source>
        <translation>скопировано дословно</translation>
    </message>
    <message>
        <source>copied with changes</source>
        <translation>скопировано с изменениями</translation>
    </message>
    <message>
        <source>cited</source>
        <translation>цитата</translation>
    </message>
    <message>
        <source>look-alike letter</source>
        <translation>подменённая буква</translation>
    </message>
    <message>
        <source>+%1 more in the table</source>
        <translation>ещё %1 — в таблице</translation>
    </message>
    <message>
        <source>Colour = source:</source>
        <translation>Цвет = источник:</translation>
    </message>
    <message>
        <source>double-click a highlight to compare</source>
        <translation>двойной щелчок по выделению — сравнить рядом</translation>
    </message>
    <message>
        <source>From {0} — double-click to compare</source>
        <translation>Из источника {0} — двойной щелчок, чтобы сравнить</translation>
    </message>
</context>
<context>
    <name>DocumentsModel</name>
    <message>
        <source>Document</source>
        <translation>Документ</translation>
    </message>
    <message>
        <source>Most found in</source>
        <translation>Ближайший документ</translation>
    </message>
    <message>
        <source>Found there</source>
        <translation>Найдено там</translation>
    </message>
    <message>
        <source>A compared document, or a file that could not be read</source>
        <translation>Сравниваемый документ или файл, который не удалось прочитать</translation>
    </message>
    <message>
        <source>The other document holding most of this one; double-click the row to open the two side by side</source>
        <translation>Документ, в котором найдена наибольшая часть этого; дважды щёлкните строку, чтобы открыть оба рядом</translation>
    </message>
    <message>
        <source>Share of this document&apos;s words found in that document</source>
        <translation>Доля слов этого документа, найденных в том документе</translation>
    </message>
</context>
<context>
    <name>Edits</name>
    <message>
        <source>Changed word form</source>
        <translation>Изменена форма слова</translation>
    </message>
    <message>
        <source>Replaced words</source>
        <translation>Заменённые слова</translation>
    </message>
    <message>
        <source>Words added to the copy</source>
        <translation>Слова, добавленные в копию</translation>
    </message>
    <message>
        <source>Words left out of the copy</source>
        <translation>Слова, пропущенные в копии</translation>
    </message>
    <message>
        <source>Sentence retold in other words</source>
        <translation>Предложение пересказано своими словами</translation>
    </message>
    <message>
        <source>{0} words, {1} copied exactly</source>
        <translation>Слов: {0}, дословно скопировано: {1}</translation>
    </message>
    <message>
        <source>Sentences retold in other words: {0}</source>
        <translation>Предложений, пересказанных своими словами: {0}</translation>
    </message>
    <message>
        <source>Cited: in a quotation or the bibliography</source>
        <translation>Цитата: в кавычках или в списке литературы</translation>
    </message>
    <message>
        <source>Retold in {0}</source>
        <translation>Пересказано в {0}</translation>
    </message>
    <message>
        <source>Paraphrase: meaning similarity {0}</source>
        <translation>Перефразирование: сходство по смыслу {0}</translation>
    </message>
    <message>
        <source>Paraphrase of {0}: meaning similarity {1}</source>
        <translation>Перефразирование из {0}: сходство по смыслу {1}</translation>
    </message>
    <message>
        <source>Paraphrased in {0}: meaning similarity {1}</source>
        <translation>Перефразировано в {0}: сходство по смыслу {1}</translation>
    </message>
    <message>
        <source>{0} words, {1} the same as in the source</source>
        <translation>Слов: {0}, совпадают с источником: {1}</translation>
    </message>
    <message>
        <source>the source has “{0}”</source>
        <translation>в источнике: «{0}»</translation>
    </message>
    <message>
        <source>the document has “{0}”</source>
        <translation>в документе: «{0}»</translation>
    </message>
</context>
<context>
    <name>ErrorDialog</name>
    <message>
        <source>CopyLens: error</source>
        <translation>CopyLens: ошибка</translation>
    </message>
    <message>
        <source>Show details</source>
        <translation>Подробнее</translation>
    </message>
    <message>
        <source>Copy details</source>
        <translation>Скопировать подробности</translation>
    </message>
    <message>
        <source>Hide details</source>
        <translation>Скрыть подробности</translation>
    </message>
    <message>
        <source>Run OCR on the scanned PDF first (for example with OCRmyPDF or the scanner&apos;s software), then add the new file.</source>
        <translation>Сначала распознайте текст отсканированного PDF (например, в OCRmyPDF или в программе сканера), затем добавьте новый файл.</translation>
    </message>
    <message>
        <source>Open it in its program, save a copy without the password and add that copy.</source>
        <translation>Откройте файл в его программе, сохраните копию без пароля и добавьте эту копию.</translation>
    </message>
    <message>
        <source>The file was moved or deleted: add it again from where it is now.</source>
        <translation>Файл перемещён или удалён: добавьте его заново из того места, где он сейчас.</translation>
    </message>
    <message>
        <source>Check that your account may read the file (or copy it into your own folder), then add it again.</source>
        <translation>Проверьте, может ли ваша учётная запись читать этот файл (или скопируйте его в свою папку), и добавьте его снова.</translation>
    </message>
    <message>
        <source>Add the documents themselves (files), not a device, pipe or folder.</source>
        <translation>Добавьте сами документы (файлы), а не устройство, канал или папку.</translation>
    </message>
    <message>
        <source>Save it as .docx, .odt, .pdf, .rtf or .txt and add that file.</source>
        <translation>Сохраните его в формате .docx, .odt, .pdf, .rtf или .txt и добавьте этот файл.</translation>
    </message>
    <message>
        <source>Install catdoc or antiword, or save the file as .docx.</source>
        <translation>Установите catdoc или antiword либо сохраните файл в формате .docx.</translation>
    </message>
    <message>
        <source>The file holds no text to check: make sure it is the right file.</source>
        <translation>В файле нет текста для проверки: убедитесь, что это нужный файл.</translation>
    </message>
    <message>
        <source>This is a bug in CopyLens: please report it, with the file if you can.</source>
        <translation>Это ошибка CopyLens: пожалуйста, сообщите о ней и по возможности приложите файл.</translation>
    </message>
    <message>
        <source>Split the file into smaller parts and add those.</source>
        <translation>Разделите файл на части поменьше и добавьте их.</translation>
    </message>
    <message>
        <source>The file may be damaged or not what its name says: open it in its program, save it again (for example as .docx or .pdf) and add the new file.</source>
        <translation>Возможно, файл повреждён или его содержимое не соответствует расширению: откройте его в его программе, сохраните заново (например, в формате .docx или .pdf) и добавьте новый файл.</translation>
    </message>
    <message>
        <source>Enter a valid API key of the search provider in Settings › Web search (for Yandex, with its folder ID), or choose another provider.</source>
        <translation>Введите действующий API-ключ поисковой системы в «Настройки › Поиск в интернете» (для Яндекса — вместе с идентификатором каталога) или выберите другую поисковую систему.</translation>
    </message>
    <message>
        <source>The provider&apos;s quota for your key is used up: wait until it renews, raise it in your account with the provider, or lower the queries per check in Settings.</source>
        <translation>Квота вашего ключа у поисковой системы исчерпана: дождитесь её обновления, увеличьте её в своей учётной записи у поисковой системы или уменьшите число запросов на проверку в настройках.</translation>
    </message>
    <message>
        <source>The server asks for fewer requests: check again in a few minutes.</source>
        <translation>Сервер просит присылать меньше запросов: повторите проверку через несколько минут.</translation>
    </message>
    <message>
        <source>The address points into this computer or a private network. If you mean it (an intranet page), tick “Allow local and intranet addresses” in Settings › Web search.</source>
        <translation>Адрес ведёт на этот компьютер или в частную сеть. Если так и задумано (страница внутренней сети), включите «Разрешить локальные адреса и адреса внутренней сети» в «Настройки › Поиск в интернете».</translation>
    </message>
    <message>
        <source>The site asks programs like CopyLens not to download this page. Open it in your browser, save it (File › Save page as) and add the saved file as a source.</source>
        <translation>Сайт просит программы вроде CopyLens не скачивать эту страницу. Откройте её в браузере, сохраните («Файл › Сохранить страницу как») и добавьте сохранённый файл как источник.</translation>
    </message>
    <message>
        <source>The site&apos;s security certificate is not valid or not trusted: check that the address is right. CopyLens does not download pages over a connection it cannot trust.</source>
        <translation>Сертификат безопасности сайта недействителен или не вызывает доверия: проверьте, верен ли адрес. CopyLens не скачивает страницы по соединению, которому нельзя доверять.</translation>
    </message>
    <message>
        <source>Check the address and your internet connection, then check again; a site that is down may answer later.</source>
        <translation>Проверьте адрес и подключение к интернету и повторите проверку; недоступный сейчас сайт может ответить позже.</translation>
    </message>
    <message>
        <source>The address gives no text page (an image, a video, a program): give the address of the page or document itself.</source>
        <translation>По адресу находится не текстовая страница (изображение, видео, программа): укажите адрес самой страницы или документа.</translation>
    </message>
    <message>
        <source>The page is over the size limit: download it yourself and add the parts you need as a file.</source>
        <translation>Страница больше допустимого размера: скачайте её сами и добавьте нужные части как файл.</translation>
    </message>
    <message>
        <source>The site sends CopyLens from address to address without end: open the page in your browser and give the address it ends at.</source>
        <translation>Сайт бесконечно перенаправляет CopyLens с адреса на адрес: откройте страницу в браузере и укажите адрес, на котором она открылась.</translation>
    </message>
    <message>
        <source>The site does not let CopyLens read the page (it may need you to log in): open it in your browser, save it and add the saved file as a source.</source>
        <translation>Сайт не даёт CopyLens прочитать страницу (возможно, нужно войти в учётную запись): откройте её в браузере, сохраните и добавьте сохранённый файл как источник.</translation>
    </message>
    <message>
        <source>The page is not there (any more): check the address, or look for the page in a web archive and add its address.</source>
        <translation>Страницы по этому адресу нет (больше нет): проверьте адрес или найдите страницу в веб-архиве и добавьте её адрес.</translation>
    </message>
    <message>
        <source>Give a whole address, starting with https:// or http://.</source>
        <translation>Укажите полный адрес, начинающийся с https:// или http://.</translation>
    </message>
    <message>
        <source>The site has a problem of its own: check again later.</source>
        <translation>У сайта собственные неполадки: повторите проверку позже.</translation>
    </message>
    <message>
        <source>CopyLens hit an unexpected problem. You can keep working.</source>
        <translation>В CopyLens произошла непредвиденная ошибка. Можно продолжать работу.</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>{location} is damaged (its settings are not usable: {detail})</source>
        <translation>{location} повреждён (его настройки непригодны: {detail})</translation>
    </message>
    <message>
        <source>a PostgreSQL archive needs the psycopg package: pip install &apos;copylens[postgres]&apos;</source>
        <translation>для архива в PostgreSQL нужен пакет psycopg: pip install &apos;copylens[postgres]&apos;</translation>
    </message>
    <message>
        <source>cannot connect to the archive {location} ({detail})</source>
        <translation>не удаётся подключиться к архиву {location} ({detail})</translation>
    </message>
    <message>
        <source>there is no archive at {location}</source>
        <translation>архива {location} нет</translation>
    </message>
    <message>
        <source>{location} holds other tables, not a CopyLens archive</source>
        <translation>в {location} другие таблицы, это не архив CopyLens</translation>
    </message>
    <message>
        <source>the archive {location} is read-only; nothing was added</source>
        <translation>архив {location} доступен только для чтения; ничего не добавлено</translation>
    </message>
    <message>
        <source>the disk holding the archive {location} is full; what was added before is kept</source>
        <translation>диск с архивом {location} заполнен; добавленное раньше сохранено</translation>
    </message>
    <message>
        <source>the archive {location} cannot be written ({detail})</source>
        <translation>не удаётся записать в архив {location} ({detail})</translation>
    </message>
    <message>
        <source>the archive {location} cannot be used ({detail})</source>
        <translation>архивом {location} нельзя воспользоваться ({detail})</translation>
    </message>
    <message>
        <source>a document&apos;s stored data is damaged or of another version ({detail})</source>
        <translation>сохранённые данные документа повреждены или записаны другой версией ({detail})</translation>
    </message>
    <message>
        <source>a document&apos;s stored text is damaged ({detail})</source>
        <translation>сохранённый текст документа повреждён ({detail})</translation>
    </message>
    <message>
        <source>the archive {location} is busy: another program has been writing to it for over {seconds} s; try again when it is done</source>
        <translation>архив {location} занят: другая программа пишет в него дольше {seconds} с; повторите, когда она закончит</translation>
    </message>
    <message>
        <source>the archive {location} is in a read-only folder: SQLite must write its journal beside it; nothing was changed</source>
        <translation>архив {location} лежит в папке только для чтения: SQLite должен записывать журнал рядом с ним; ничего не изменено</translation>
    </message>
    <message>
        <source>{location} is not a CopyLens archive (it is not an SQLite database)</source>
        <translation>{location} не является архивом CopyLens (это не база данных SQLite)</translation>
    </message>
    <message>
        <source>cannot open the archive {location} ({detail})</source>
        <translation>не удаётся открыть архив {location} ({detail})</translation>
    </message>
    <message>
        <source>{location} is an SQLite database of another program, not a CopyLens archive</source>
        <translation>{location} — база данных SQLite другой программы, а не архив CopyLens</translation>
    </message>
    <message>
        <source>{location} is not a CopyLens archive ({detail})</source>
        <translation>{location} не является архивом CopyLens ({detail})</translation>
    </message>
    <message>
        <source>{location} is damaged ({detail})</source>
        <translation>{location} повреждён ({detail})</translation>
    </message>
    <message>
        <source>a document&apos;s stored data is damaged (it is not binary data)</source>
        <translation>сохранённые данные документа повреждены (это не двоичные данные)</translation>
    </message>
    <message>
        <source>record #{id} is damaged (a name is not text)</source>
        <translation>запись №{id} повреждена (имя не является текстом)</translation>
    </message>
    <message>
        <source>{location} is of an unknown archive format (schema version &quot;{found}&quot;): it was not made by CopyLens, or it is damaged</source>
        <translation>{location} — архив неизвестного формата (версия схемы «{found}»): он создан не CopyLens или повреждён</translation>
    </message>
    <message>
        <source>{location} was made by a newer CopyLens (archive format {found}; this version reads formats up to {known}). Update CopyLens to use it.</source>
        <translation>{location} создан более новой версией CopyLens (формат архива {found}; эта версия читает форматы до {known}). Обновите CopyLens, чтобы работать с ним.</translation>
    </message>
    <message>
        <source>{location} is damaged (its settings are not readable)</source>
        <translation>{location} повреждён (его настройки не читаются)</translation>
    </message>
    <message>
        <source>{location} is damaged (anchor_words = {value})</source>
        <translation>{location} повреждён (anchor_words = {value})</translation>
    </message>
    <message>
        <source>{location} was built with other settings ({differences}). Use the archive&apos;s settings, or another archive.</source>
        <translation>{location} создан с другими параметрами ({differences}). Используйте параметры архива или другой архив.</translation>
    </message>
    <message>
        <source>there is no document {id} in {location}</source>
        <translation>в {location} нет документа {id}</translation>
    </message>
    <message>
        <source>record #{id} is damaged (its length is not a number)</source>
        <translation>запись №{id} повреждена (её длина не является числом)</translation>
    </message>
    <message>
        <source>record #{id} is damaged ({column} = {value})</source>
        <translation>запись №{id} повреждена ({column} = {value})</translation>
    </message>
    <message>
        <source>no contents</source>
        <translation>нет содержимого</translation>
    </message>
    <message>
        <source>{location} is damaged (its counts are not numbers)</source>
        <translation>{location} повреждён (его счётчики не являются числами)</translation>
    </message>
    <message>
        <source>{location} is damaged (its index holds a key that is not a number)</source>
        <translation>{location} повреждён (в его индексе ключ, не являющийся числом)</translation>
    </message>
    <message>
        <source>the Dask workers at {address} are daemonic processes, which cannot start the processes that read each file within its limits: start them with DASK_DISTRIBUTED__WORKER__DAEMON=False dask worker …</source>
        <translation>рабочие процессы Dask по адресу {address} запущены как демоны и не могут запускать процессы, которые читают каждый файл в пределах ограничений: запустите их так: DASK_DISTRIBUTED__WORKER__DAEMON=False dask worker …</translation>
    </message>
    <message>
        <source>the Dask workers at {address} run CopyLens {theirs}, this is {version}: install the same version on both sides (the results must be the same)</source>
        <translation>на рабочих процессах Dask по адресу {address} установлен CopyLens {theirs}, а здесь {version}: установите одну и ту же версию (результаты должны совпадать)</translation>
    </message>
    <message>
        <source>running on Dask needs the dask and distributed packages: pip install &apos;copylens[dask]&apos;</source>
        <translation>для работы на Dask нужны пакеты dask и distributed: pip install &apos;copylens[dask]&apos;</translation>
    </message>
    <message>
        <source>cannot reach the Dask scheduler at {address}: start one with dask scheduler (and dask worker), or give --dask local</source>
        <translation>не удаётся связаться с планировщиком Dask по адресу {address}: запустите его командой dask scheduler (и dask worker) или укажите --dask local</translation>
    </message>
    <message>
        <source>the Dask scheduler at {address} has no workers: start them with dask worker</source>
        <translation>у планировщика Dask по адресу {address} нет рабочих процессов: запустите их командой dask worker</translation>
    </message>
    <message>
        <source>the Dask workers at {address} cannot run CopyLens: install it where they run, the same version as here ({version})</source>
        <translation>рабочие процессы Dask по адресу {address} не могут запустить CopyLens: установите его там, где они работают, той же версии, что и здесь ({version})</translation>
    </message>
    <message>
        <source>not found on the Dask worker {worker}: the workers read the files themselves, so they must see them at the same path (a shared filesystem)</source>
        <translation>не найден на рабочем процессе Dask {worker}: рабочие процессы читают файлы сами, поэтому должны видеть их по тому же пути (общая файловая система)</translation>
    </message>
    <message>
        <source>no text found in the file</source>
        <translation>в файле не найден текст</translation>
    </message>
    <message>
        <source>the {suffix} file is damaged and cannot be read</source>
        <translation>файл {suffix} повреждён, прочитать его нельзя</translation>
    </message>
    <message>
        <source>the file is empty (0 bytes)</source>
        <translation>файл пуст (0 байт)</translation>
    </message>
    <message>
        <source>the file is {size}, over the {limit} limit</source>
        <translation>размер файла {size} — больше предела {limit}</translation>
    </message>
    <message>
        <source>the path is a folder, not a file</source>
        <translation>это папка, а не файл</translation>
    </message>
    <message>
        <source>not a regular file (a device, pipe or socket)</source>
        <translation>это не обычный файл (устройство, канал или сокет)</translation>
    </message>
    <message>
        <source>file not found</source>
        <translation>файл не найден</translation>
    </message>
    <message>
        <source>file not found (a folder in its path is a file)</source>
        <translation>файл не найден (одна из папок в пути — это файл)</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>нет доступа</translation>
    </message>
    <message>
        <source>cannot access the file ({reason})</source>
        <translation>нет доступа к файлу ({reason})</translation>
    </message>
    <message>
        <source>cannot read the file ({reason})</source>
        <translation>не удалось прочитать файл ({reason})</translation>
    </message>
    <message>
        <source>the extracted text has {chars} characters, over the limit of {limit}</source>
        <translation>в извлечённом тексте {chars} символов — больше предела {limit}</translation>
    </message>
    <message>
        <source>the extracted text is longer than the limit of {limit} characters</source>
        <translation>извлечённый текст длиннее предела в {limit} символов</translation>
    </message>
    <message>
        <source>legacy .doc needs catdoc or antiword; install one, or save the file as .docx</source>
        <translation>для старого формата .doc нужна программа catdoc или antiword; установите одну из них или сохраните файл как .docx</translation>
    </message>
    <message>
        <source>{converter} could not read the .doc ({message})</source>
        <translation>{converter} не смог прочитать .doc ({message})</translation>
    </message>
    <message>
        <source>the .doc is password-protected</source>
        <translation>файл .doc защищён паролем</translation>
    </message>
    <message>
        <source>{converter} took longer than {seconds} s to read the .doc</source>
        <translation>{converter} читал .doc дольше {seconds} с</translation>
    </message>
    <message>
        <source>{converter} could not be started ({reason})</source>
        <translation>не удалось запустить {converter} ({reason})</translation>
    </message>
    <message>
        <source>binary data, not text</source>
        <translation>двоичные данные, а не текст</translation>
    </message>
    <message>
        <source>the .docx is not a Word document (no [Content_Types].xml)</source>
        <translation>файл .docx — не документ Word (нет [Content_Types].xml)</translation>
    </message>
    <message>
        <source>the .docx is not a Word document (it holds no main document)</source>
        <translation>файл .docx — не документ Word (в нём нет основного документа)</translation>
    </message>
    <message>
        <source>the {label} is password-protected</source>
        <translation>файл {label} защищён паролем</translation>
    </message>
    <message>
        <source>unsupported file type &apos;{suffix}&apos; (supported: {supported})</source>
        <translation>тип файла «{suffix}» не поддерживается (поддерживаются: {supported})</translation>
    </message>
    <message>
        <source>the file has no extension (supported: {supported})</source>
        <translation>у файла нет расширения (поддерживаются: {supported})</translation>
    </message>
    <message>
        <source>the page nests its elements more than {limit} levels deep (refused)</source>
        <translation>на странице элементы вложены глубже {limit} уровней (отклонена)</translation>
    </message>
    <message>
        <source>the .odt is not a text document (no office:text body)</source>
        <translation>файл .odt — не текстовый документ (нет office:text)</translation>
    </message>
    <message>
        <source>the .odt nests its elements too deeply to read (refused)</source>
        <translation>в файле .odt элементы вложены слишком глубоко для чтения (отклонён)</translation>
    </message>
    <message>
        <source>the .odt has no content.xml (not an OpenDocument text)</source>
        <translation>в файле .odt нет content.xml (это не текст OpenDocument)</translation>
    </message>
    <message>
        <source>not a PDF file (no %PDF header)</source>
        <translation>это не PDF (нет заголовка %PDF)</translation>
    </message>
    <message>
        <source>damaged .pdf file (no pages found)</source>
        <translation>файл .pdf повреждён (страницы не найдены)</translation>
    </message>
    <message>
        <source>the PDF has no text layer (scanned images?); CopyLens does no OCR</source>
        <translation>в PDF нет текстового слоя (отсканированные страницы?); CopyLens не распознаёт текст на изображениях</translation>
    </message>
    <message>
        <source>the PDF is password-protected</source>
        <translation>PDF защищён паролем</translation>
    </message>
    <message>
        <source>the PDF is encrypted with a method CopyLens cannot open</source>
        <translation>PDF зашифрован способом, который CopyLens не умеет открывать</translation>
    </message>
    <message>
        <source>the PDF&apos;s objects refer to each other in a loop</source>
        <translation>объекты PDF ссылаются друг на друга по кругу</translation>
    </message>
    <message>
        <source>a compressed stream in the PDF expands to more than {limit} (compression bomb?)</source>
        <translation>сжатый поток в PDF распаковывается больше чем в {limit} (бомба сжатия?)</translation>
    </message>
    <message>
        <source>the PDF&apos;s compressed streams expand to more than {limit} together (compression bomb?)</source>
        <translation>сжатые потоки PDF вместе распаковываются больше чем в {limit} (бомба сжатия?)</translation>
    </message>
    <message>
        <source>a font in the PDF gives widths to more than {limit} characters (refused)</source>
        <translation>шрифт в PDF задаёт ширину больше чем {limit} символам (отклонён)</translation>
    </message>
    <message>
        <source>a page of the PDF holds more than {limit} characters (refused)</source>
        <translation>на странице PDF больше {limit} символов (отклонён)</translation>
    </message>
    <message>
        <source>a content stream of the PDF expands {ratio}:1 to {size}, over the {limit}:1 limit (compression bomb?)</source>
        <translation>поток содержимого PDF распаковывается в {ratio}:1, до {size} — больше предела {limit}:1 (бомба сжатия?)</translation>
    </message>
    <message>
        <source>the PDF draws forms and pictures more than {limit} times (refused)</source>
        <translation>PDF рисует формы и изображения больше {limit} раз (отклонён)</translation>
    </message>
    <message>
        <source>the PDF nests forms more than {limit} levels deep (refused)</source>
        <translation>в PDF формы вложены глубже {limit} уровней (отклонён)</translation>
    </message>
    <message>
        <source>a font in the PDF maps more than {limit} character codes (refused)</source>
        <translation>шрифт в PDF отображает больше {limit} кодов символов (отклонён)</translation>
    </message>
    <message>
        <source>the PDF draws forms holding text more than {limit} times (refused)</source>
        <translation>PDF рисует формы с текстом больше {limit} раз (отклонён)</translation>
    </message>
    <message>
        <source>the PDF draws forms whose instructions add up to more than {limit} (refused)</source>
        <translation>PDF рисует формы, инструкции которых в сумме больше {limit} (отклонён)</translation>
    </message>
    <message>
        <source>not an RTF file (it does not start with an RTF header)</source>
        <translation>это не RTF (файл не начинается с заголовка RTF)</translation>
    </message>
    <message>
        <source>not a regular file (a pipe, device or socket; skipped)</source>
        <translation>не обычный файл (канал, устройство или сокет; пропущен)</translation>
    </message>
    <message>
        <source>broken symbolic link (skipped)</source>
        <translation>битая символическая ссылка (пропущена)</translation>
    </message>
    <message>
        <source>file or folder not found</source>
        <translation>файл или папка не найдены</translation>
    </message>
    <message>
        <source>cannot access ({reason})</source>
        <translation>нет доступа ({reason})</translation>
    </message>
    <message>
        <source>cannot access (invalid path)</source>
        <translation>нет доступа (неверный путь)</translation>
    </message>
    <message>
        <source>broken symbolic link</source>
        <translation>битая символическая ссылка</translation>
    </message>
    <message>
        <source>a link that loops back to a folder it is in (skipped)</source>
        <translation>ссылка ведёт обратно в папку, внутри которой находится (пропущена)</translation>
    </message>
    <message>
        <source>cannot list the folder ({reason})</source>
        <translation>не удалось прочитать содержимое папки ({reason})</translation>
    </message>
    <message>
        <source>the {label} has {parts} parts, over the limit of {limit}</source>
        <translation>в файле {label} частей: {parts} — больше предела {limit}</translation>
    </message>
    <message>
        <source>the {label} expands to {size} uncompressed, over the {limit} limit (zip bomb?)</source>
        <translation>файл {label} распаковывается в {size} — больше предела {limit} (zip-бомба?)</translation>
    </message>
    <message>
        <source>damaged or truncated {label} (not a valid zip archive)</source>
        <translation>файл {label} повреждён или обрезан (это не правильный zip-архив)</translation>
    </message>
    <message>
        <source>the {label} has encrypted parts (password-protected)</source>
        <translation>в файле {label} есть зашифрованные части (защита паролем)</translation>
    </message>
    <message>
        <source>the {label} part {part} expands {ratio}:1 to {size} uncompressed, over the {limit}:1 limit (zip bomb?)</source>
        <translation>часть {part} файла {label} распаковывается в {ratio}:1, до {size} — больше предела {limit}:1 (zip-бомба?)</translation>
    </message>
    <message>
        <source>the {label} contains XML entity declarations (refused)</source>
        <translation>в файле {label} есть объявления XML-сущностей (отклонён)</translation>
    </message>
    <message>
        <source>the {label} has XML in an unknown encoding (refused)</source>
        <translation>в файле {label} есть XML в неизвестной кодировке (отклонён)</translation>
    </message>
    <message>
        <source>no words left after removing stop words and short words</source>
        <translation>после удаления стоп-слов и коротких слов слов не осталось</translation>
    </message>
    <message>
        <source>Labels must be 0 (not a duplicate) or 1 (a duplicate).</source>
        <translation>Метка должна быть 0 (не дубликат) или 1 (дубликат).</translation>
    </message>
    <message>
        <source>Training needs labelled pairs of both kinds, duplicates and not; these {count} rows have only one.</source>
        <translation>Для обучения нужны размеченные пары обоих видов — дубликаты и не дубликаты; в этих {count} строках есть только один вид.</translation>
    </message>
    <message>
        <source>{path} is not a CopyLens duplicate model file.</source>
        <translation>{path} — не файл модели дубликатов CopyLens.</translation>
    </message>
    <message>
        <source>The duplicate model {path} has format {found}; this CopyLens reads format {expected}. Train the model again with this version.</source>
        <translation>Модель дубликатов {path} имеет формат {found}, а эта версия CopyLens читает формат {expected}. Обучите модель заново в этой версии.</translation>
    </message>
    <message>
        <source>The duplicate model {path} is larger than {limit} MB; a CopyLens model is far smaller. Refused.</source>
        <translation>Модель дубликатов {path} больше {limit} МБ; модель CopyLens намного меньше. Отклонено.</translation>
    </message>
    <message>
        <source>The duplicate model {path} uses features this CopyLens does not compute: {features}. Train the model again with this version.</source>
        <translation>Модель дубликатов {path} использует признаки, которые эта версия CopyLens не вычисляет: {features}. Обучите модель заново в этой версии.</translation>
    </message>
    <message>
        <source>The duplicate model {path} has {count} support vectors, more than the {limit} CopyLens accepts (each item pair would cost that many kernel values). Refused.</source>
        <translation>В модели дубликатов {path} {count} опорных векторов, больше допустимых в CopyLens {limit} (каждая пара сообщений стоила бы столько же значений ядра). Отклонено.</translation>
    </message>
    <message>
        <source>The duplicate model {path} is damaged: its parts do not fit together.</source>
        <translation>Модель дубликатов {path} повреждена: её части не согласуются друг с другом.</translation>
    </message>
    <message>
        <source>The duplicate model {path} is damaged: it holds values no trained model has (beyond {limit} in size, a scale or gamma of zero or less, an authority outside 0 to 1, a threshold outside 0 to 1).</source>
        <translation>Модель дубликатов {path} повреждена: в ней значения, которых не бывает у обученной модели (больше {limit} по величине, масштаб или гамма не больше нуля, авторитетность или порог вне диапазона от 0 до 1).</translation>
    </message>
    <message>
        <source>The duplicate model gave no probability for some pairs (their distances are far outside what it was trained on); the model or the items are damaged.</source>
        <translation>Модель дубликатов не дала вероятности для некоторых пар (их расстояния далеко за пределами того, на чём она обучена); повреждена модель или сообщения.</translation>
    </message>
    <message>
        <source>training a news model needs scikit-learn: pip install &apos;copylens[news]&apos;</source>
        <translation>для обучения модели новостей нужен scikit-learn: pip install &apos;copylens[news]&apos;</translation>
    </message>
    <message>
        <source>Cross-validation in {folds} folds needs at least {folds} labelled pairs of each kind (duplicates and not).</source>
        <translation>Для перекрёстной проверки на {folds} частях нужно не меньше {folds} размеченных пар каждого вида (дубликатов и не дубликатов).</translation>
    </message>
    <message>
        <source>The duplicate model {path} cannot be read: {reason}.</source>
        <translation>Не удаётся прочитать модель дубликатов {path}: {reason}.</translation>
    </message>
    <message>
        <source>The duplicate model {path} is damaged: a part is missing or not numbers.</source>
        <translation>Модель дубликатов {path} повреждена: какой-то части нет или в ней не числа.</translation>
    </message>
    <message>
        <source>not a news file ({suffix}): give JSON Lines (.jsonl, .ndjson), feeds (.xml, .rss, .atom) or saved pages (.html, .htm)</source>
        <translation>не файл новостей ({suffix}): нужны JSON Lines (.jsonl, .ndjson), ленты (.xml, .rss, .atom) или сохранённые страницы (.html, .htm)</translation>
    </message>
    <message>
        <source>the line is longer than {limit} bytes</source>
        <translation>длиннее {limit} байт</translation>
    </message>
    <message>
        <source>the line is not a JSON object</source>
        <translation>не объект JSON</translation>
    </message>
    <message>
        <source>the item has no id (a string or a whole number)</source>
        <translation>у новости нет id (строки или целого числа)</translation>
    </message>
    <message>
        <source>the item has an empty id</source>
        <translation>у новости пустой id</translation>
    </message>
    <message>
        <source>the item has no text (a string)</source>
        <translation>у новости нет текста (строки)</translation>
    </message>
    <message>
        <source>the field {field} is not a string</source>
        <translation>поле {field} — не строка</translation>
    </message>
    <message>
        <source>the field {field} is not a list of strings</source>
        <translation>поле {field} — не список строк</translation>
    </message>
    <message>
        <source>not a readable RSS or Atom feed</source>
        <translation>не читаемая лента RSS или Atom</translation>
    </message>
    <message>
        <source>the feed has no entries</source>
        <translation>в ленте нет записей</translation>
    </message>
    <message>
        <source>the feed declares a DOCTYPE or entities, which CopyLens does not read (an entity can expand to gigabytes or read other files); refused</source>
        <translation>лента объявляет DOCTYPE или сущности, которые CopyLens не читает (сущность может развернуться в гигабайты или прочитать другие файлы); отклонена</translation>
    </message>
    <message>
        <source>the entry holds a character reference that names no character (such as &amp;#xD800; or &amp;#1114112;); this entry is skipped</source>
        <translation>в записи есть ссылка на символ, которая не обозначает никакого символа (например, &amp;#xD800; или &amp;#1114112;); эта запись пропущена</translation>
    </message>
    <message>
        <source>the entry has neither text nor title</source>
        <translation>у записи нет ни текста, ни заголовка</translation>
    </message>
    <message>
        <source>the page holds no HTML</source>
        <translation>в странице нет HTML</translation>
    </message>
    <message>
        <source>the line is not valid JSON</source>
        <translation>некорректный JSON</translation>
    </message>
    <message>
        <source>not a readable RSS or Atom feed (its encoding cannot be read)</source>
        <translation>не читаемая лента RSS или Atom (её кодировку не удаётся прочитать)</translation>
    </message>
    <message>
        <source>the feed is damaged: the feed reader stopped inside it</source>
        <translation>лента повреждена: чтение ленты остановилось внутри неё</translation>
    </message>
    <message>
        <source>the id {id} was already given ({first}); this item is skipped</source>
        <translation>id {id} уже встречался ({first}); эта новость пропущена</translation>
    </message>
    <message>
        <source>the line is not UTF-8 text</source>
        <translation>не текст UTF-8</translation>
    </message>
    <message>
        <source>the stored item is not text; it is skipped</source>
        <translation>сохранённое сообщение не является текстом; оно пропущено</translation>
    </message>
    <message>
        <source>the stored item&apos;s id differs from its row&apos;s; it is skipped</source>
        <translation>идентификатор сохранённого сообщения отличается от идентификатора его строки; оно пропущено</translation>
    </message>
    <message>
        <source>Two news items have the id {id}; each needs its own.</source>
        <translation>У двух новостей один id {id}; у каждой должен быть свой.</translation>
    </message>
    <message>
        <source>the labels {path} hold no pair</source>
        <translation>в файле разметки {path} нет ни одной пары</translation>
    </message>
    <message>
        <source>line {line} of {path} is not a,b,label with label 0 or 1</source>
        <translation>строка {line} файла {path} не в виде a,b,label с меткой 0 или 1</translation>
    </message>
    <message>
        <source>line {line} of {path} pairs an item with itself</source>
        <translation>в строке {line} файла {path} новость сопоставлена сама с собой</translation>
    </message>
    <message>
        <source>unknown criteria {unknown}; choose from all or {known}</source>
        <translation>неизвестные критерии: {unknown}; выберите all или из списка: {known}</translation>
    </message>
    <message>
        <source>the labels need duplicates (1) and non-duplicates (0) to learn from</source>
        <translation>для обучения в разметке нужны и дубликаты (1), и не дубликаты (0)</translation>
    </message>
    <message>
        <source>cannot read the labels {path}: {reason}</source>
        <translation>не удаётся прочитать файл разметки {path}: {reason}</translation>
    </message>
    <message>
        <source>line {line} of {path} names the item {item}, which is not among the items given</source>
        <translation>строка {line} файла {path} ссылается на новость {item}, которой нет среди переданных</translation>
    </message>
    <message>
        <source>reading the file stopped the reader unexpectedly (the file may be damaged)</source>
        <translation>чтение файла неожиданно прервалось (возможно, файл повреждён)</translation>
    </message>
    <message>
        <source>took longer than {seconds} s to read (given up)</source>
        <translation>чтение заняло больше {seconds} с (прекращено)</translation>
    </message>
    <message>
        <source>needs more than {limit} of memory to read (given up)</source>
        <translation>для чтения нужно больше {limit} памяти (прекращено)</translation>
    </message>
    <message>
        <source>the pasted text is empty</source>
        <translation>вставленный текст пуст</translation>
    </message>
    <message>
        <source>CopyLens failed on this file (an internal error; please report it)</source>
        <translation>CopyLens не справился с этим файлом (внутренняя ошибка; пожалуйста, сообщите о ней)</translation>
    </message>
    <message>
        <source>could not keep the documents of this run in the temporary folder {folder} ({reason}); free some space there, or set TMPDIR to a folder with more</source>
        <translation>не удалось сохранить документы этой проверки во временной папке {folder} ({reason}); освободите там место или укажите в TMPDIR папку, где места больше</translation>
    </message>
    <message>
        <source>CopyLens reads only http and https addresses, not {scheme}</source>
        <translation>CopyLens читает только адреса http и https, а не {scheme}</translation>
    </message>
    <message>
        <source>{url} is not a web address (it must start with http:// or https://)</source>
        <translation>{url} — не веб-адрес (он должен начинаться с http:// или https://)</translation>
    </message>
    <message>
        <source>the address {host} could not be found</source>
        <translation>адрес {host} не найден</translation>
    </message>
    <message>
        <source>{url} is not a valid web address</source>
        <translation>{url} — неверный веб-адрес</translation>
    </message>
    <message>
        <source>{host} is a link-local or cloud metadata address; CopyLens never fetches it, even with local addresses allowed</source>
        <translation>{host} — адрес канального уровня (link-local) или служба метаданных облака; CopyLens никогда не загружает с него, даже когда локальные адреса разрешены</translation>
    </message>
    <message>
        <source>{host} is a local or private address; allow local addresses to fetch it</source>
        <translation>{host} — локальный или частный адрес; чтобы загрузить с него страницу, разрешите локальные адреса</translation>
    </message>
    <message>
        <source>the server answered {status} {reason}</source>
        <translation>сервер ответил кодом {status} {reason}</translation>
    </message>
    <message>
        <source>{host} could not be reached</source>
        <translation>не удалось связаться с сервером {host}</translation>
    </message>
    <message>
        <source>the page is compressed as {encoding}, which CopyLens does not read</source>
        <translation>страница сжата методом {encoding}, который CopyLens не читает</translation>
    </message>
    <message>
        <source>the page is larger than {limit}</source>
        <translation>страница больше {limit}</translation>
    </message>
    <message>
        <source>the page redirects more than {limit} times</source>
        <translation>страница перенаправляет больше {limit} раз</translation>
    </message>
    <message>
        <source>the page redirects in a loop (back to {url})</source>
        <translation>страница перенаправляет по кругу (обратно на {url})</translation>
    </message>
    <message>
        <source>the server answered {status} {reason}: it asks CopyLens to slow down; try again later</source>
        <translation>сервер ответил кодом {status} {reason}: он просит CopyLens обращаться реже; повторите позже</translation>
    </message>
    <message>
        <source>the server did not say what kind of document the page is</source>
        <translation>сервер не сообщил, какой документ находится на странице</translation>
    </message>
    <message>
        <source>the page&apos;s content type {type} is not a document CopyLens reads</source>
        <translation>тип содержимого страницы — {type}, а такие документы CopyLens не читает</translation>
    </message>
    <message>
        <source>no answer from {host} within {seconds} s</source>
        <translation>сервер {host} не ответил за {seconds} с</translation>
    </message>
    <message>
        <source>the page redirects to an address that is not valid</source>
        <translation>страница перенаправляет на неверный адрес</translation>
    </message>
    <message>
        <source>{host} did not answer in HTTP or broke off its answer</source>
        <translation>сервер {host} ответил не по протоколу HTTP или оборвал ответ</translation>
    </message>
    <message>
        <source>the connection to {host} broke off</source>
        <translation>соединение с сервером {host} оборвалось</translation>
    </message>
    <message>
        <source>{host} refused the connection</source>
        <translation>сервер {host} отказал в соединении</translation>
    </message>
    <message>
        <source>{host}&apos;s certificate is not valid or not trusted</source>
        <translation>сертификат сервера {host} недействителен или не является доверенным</translation>
    </message>
    <message>
        <source>a secure connection to {host} could not be made</source>
        <translation>не удалось установить защищённое соединение с сервером {host}</translation>
    </message>
    <message>
        <source>no network connection: {host} could not be reached</source>
        <translation>нет подключения к сети: не удалось связаться с сервером {host}</translation>
    </message>
    <message>
        <source>the page&apos;s compressed data is damaged</source>
        <translation>сжатые данные страницы повреждены</translation>
    </message>
    <message>
        <source>CopyLens failed while downloading this page</source>
        <translation>CopyLens не справился с загрузкой этой страницы</translation>
    </message>
    <message>
        <source>{host} took longer than {seconds} s to send the page</source>
        <translation>сервер {host} передавал страницу дольше {seconds} с</translation>
    </message>
    <message>
        <source>{host}&apos;s robots.txt does not allow CopyLens to read this page</source>
        <translation>robots.txt сайта {host} не разрешает CopyLens читать эту страницу</translation>
    </message>
    <message>
        <source>{host}&apos;s robots.txt could not be read (the server answered {status}), so CopyLens reads none of its pages</source>
        <translation>не удалось прочитать robots.txt сайта {host} (сервер ответил кодом {status}), поэтому CopyLens не читает ни одной его страницы</translation>
    </message>
    <message>
        <source>CopyLens failed on a search with {provider} (an internal error; please report it)</source>
        <translation>CopyLens не справился с поиском через {provider} (внутренняя ошибка; пожалуйста, сообщите о ней)</translation>
    </message>
    <message>
        <source>{provider} still asks to slow down; the remaining searches were not sent</source>
        <translation>{provider} по-прежнему просит присылать запросы реже; остальные запросы не отправлены</translation>
    </message>
    <message>
        <source>no answer from {provider} within {seconds} s</source>
        <translation>{provider} не ответил за {seconds} с</translation>
    </message>
    <message>
        <source>{provider} gave an answer CopyLens cannot read</source>
        <translation>{provider} прислал ответ, который CopyLens не может прочитать</translation>
    </message>
    <message>
        <source>{provider} answered {status} {reason}</source>
        <translation>{provider} ответил кодом {status} {reason}</translation>
    </message>
    <message>
        <source>{provider} reported error {code}: {message}</source>
        <translation>{provider} сообщил об ошибке {code}: {message}</translation>
    </message>
    <message>
        <source>no key for {provider}: set {variable} or enter it in the settings</source>
        <translation>нет ключа для {provider}: задайте переменную окружения {variable} или введите ключ в настройках</translation>
    </message>
    <message>
        <source>no folder id for {provider}: set {variable} or enter it in the settings</source>
        <translation>нет идентификатора каталога для {provider}: задайте переменную окружения {variable} или введите идентификатор в настройках</translation>
    </message>
    <message>
        <source>there is no search provider {name}; choose one of {choices}</source>
        <translation>поискового сервиса {name} нет; выберите один из: {choices}</translation>
    </message>
    <message>
        <source>{provider} refused the key: check it (and the folder id, if any) in the settings</source>
        <translation>{provider} не принял ключ: проверьте его в настройках (и идентификатор каталога, если он есть)</translation>
    </message>
    <message>
        <source>{provider}: the quota of queries is used up; the remaining searches were not sent</source>
        <translation>{provider}: квота запросов исчерпана; остальные запросы не отправлены</translation>
    </message>
    <message>
        <source>{provider} asks to slow down (too many queries)</source>
        <translation>{provider} просит присылать запросы реже (слишком много запросов)</translation>
    </message>
    <message>
        <source>{provider} could not be reached (no network connection, or its address is wrong)</source>
        <translation>не удалось связаться с {provider} (нет подключения к сети или неверный адрес сервиса)</translation>
    </message>
    <message>
        <source>{provider} refused the query: {message}</source>
        <translation>{provider} отклонил запрос: {message}</translation>
    </message>
</context>
<context>
    <name>ExclusionsDialog</name>
    <message>
        <source>Exclusions</source>
        <translation>Исключения</translation>
    </message>
    <message>
        <source>show all</source>
        <translation>показывать все</translation>
    </message>
    <message>
        <source>Hide matches under (words):</source>
        <translation>Скрыть совпадения короче (слов):</translation>
    </message>
    <message>
        <source>Hide sources under:</source>
        <translation>Скрыть источники с долей меньше:</translation>
    </message>
    <message>
        <source>Exclude archived sources labelled:</source>
        <translation>Исключить источники архива с метками:</translation>
    </message>
    <message>
        <source>Exclude these sources:</source>
        <translation>Исключить эти источники:</translation>
    </message>
    <message>
        <source>Every share (uniqueness, borrowed, cited, each source&apos;s) is counted again without what is left out; the report says what was.</source>
        <translation>Все доли (уникальность, заимствования, цитирование, доля каждого источника) пересчитываются без исключённого; в отчёте указано, что исключено.</translation>
    </message>
    <message>
        <source>Show everything</source>
        <translation>Показать всё</translation>
    </message>
    <message>
        <source>archive #{id}</source>
        <translation>архив № {id}</translation>
    </message>
    <message>
        <source>Not key=value labels: “%1”</source>
        <translation>Это не метки вида ключ=значение: «%1»</translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <source>HTML report (*.html *.htm)</source>
        <translation>Отчёт HTML (*.html *.htm)</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>Документ PDF (*.pdf)</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>Таблица CSV (*.csv)</translation>
    </message>
    <message>
        <source>JSON data (*.json)</source>
        <translation>Данные JSON (*.json)</translation>
    </message>
    <message>
        <source>Could not write the PDF file {path}</source>
        <translation>Не удалось записать файл PDF {path}</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Не удалось экспортировать отчёт</translation>
    </message>
    <message>
        <source>The report could not be saved to {path}:
{error}</source>
        <translation>Не удалось сохранить отчёт в {path}:
{error}</translation>
    </message>
    <message>
        <source>Print report</source>
        <translation>Печать отчёта</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>Экспорт отчёта</translation>
    </message>
    <message>
        <source>CopyLens report</source>
        <translation>Отчёт CopyLens</translation>
    </message>
</context>
<context>
    <name>FailuresDialog</name>
    <message>
        <source>Files that could not be read</source>
        <translation>Файлы, которые не удалось прочитать</translation>
    </message>
    <message>
        <source>Files that could not be read: %1. They are left out of the results.</source>
        <translation>Не удалось прочитать файлов: %1. В результаты они не вошли.</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Файл</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Причина</translation>
    </message>
    <message>
        <source>What to do</source>
        <translation>Что делать</translation>
    </message>
    <message>
        <source>Copy list</source>
        <translation>Копировать список</translation>
    </message>
</context>
<context>
    <name>FragmentKinds</name>
    <message>
        <source>copy</source>
        <translation>копия</translation>
    </message>
    <message>
        <source>copies</source>
        <translation>копии</translation>
    </message>
    <message>
        <source>found in the source</source>
        <translation>найдено в источнике</translation>
    </message>
    <message>
        <source>paraphrase</source>
        <translation>перефразирование</translation>
    </message>
    <message>
        <source>paraphrases</source>
        <translation>перефразирования</translation>
    </message>
    <message>
        <source>sentences retold in other words</source>
        <translation>предложения, пересказанные другими словами</translation>
    </message>
    <message>
        <source>summarised from</source>
        <translation>пересказ источника</translation>
    </message>
    <message>
        <source>summaries</source>
        <translation>пересказы</translation>
    </message>
    <message>
        <source>a short passage retelling a longer stretch of the source</source>
        <translation>короткий фрагмент, пересказывающий длинную часть источника</translation>
    </message>
</context>
<context>
    <name>GroupsPanel</name>
    <message>
        <source>Groups of near-copies</source>
        <translation>Группы почти одинаковых документов</translation>
    </message>
    <message>
        <source>Method that decides which documents are near-duplicates of each other</source>
        <translation>Метод, который решает, какие документы почти одинаковы</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Остановить</translation>
    </message>
    <message>
        <source>Stop the grouping under way</source>
        <translation>Остановить идущую группировку</translation>
    </message>
    <message>
        <source>Group and its documents</source>
        <translation>Группа и её документы</translation>
    </message>
    <message>
        <source>Found in the other members</source>
        <translation>Найдено в других документах группы</translation>
    </message>
    <message>
        <source>Share of the document&apos;s words found in the other documents of its group</source>
        <translation>Доля слов документа, найденных в других документах его группы</translation>
    </message>
    <message>
        <source>Grouped by:</source>
        <translation>Группировать по:</translation>
    </message>
    <message>
        <source>Grouping by “{0}”…</source>
        <translation>Группировка по методу «{0}»…</translation>
    </message>
    <message>
        <source>Grouping stopped. Choose a method to group again.</source>
        <translation>Группировка остановлена. Выберите метод, чтобы сгруппировать снова.</translation>
    </message>
    <message>
        <source>No news to group: add JSON Lines (.jsonl, .ndjson), feeds (.xml, .rss, .atom) or saved pages (.html, .htm) to the documents to compare.</source>
        <translation>Нет новостей для группировки: добавьте к сравниваемым документам JSON Lines (.jsonl, .ndjson), ленты (.xml, .rss, .atom) или сохранённые страницы (.html, .htm).</translation>
    </message>
    <message>
        <source>Reading news files: {0} of {1}</source>
        <translation>Чтение файлов новостей: {0} из {1}</translation>
    </message>
    <message>
        <source>Analysing news items: {0} of {1}</source>
        <translation>Разбор новостей: {0} из {1}</translation>
    </message>
    <message>
        <source>Comparing pairs of news items: {0} of {1}</source>
        <translation>Сравнение пар новостей: {0} из {1}</translation>
    </message>
    <message>
        <source>Grouping failed: {0}</source>
        <translation>Группировка не удалась: {0}</translation>
    </message>
    <message>
        <source>Group and its news items</source>
        <translation>Группа и её новости</translation>
    </message>
    <message>
        <source>Source and time</source>
        <translation>Источник и время</translation>
    </message>
    <message>
        <source>Outlet and publication time; for a pair, the classifier&apos;s probability</source>
        <translation>Издание и время публикации; для пары — вероятность по классификатору</translation>
    </message>
    <message>
        <source>Groups of near-copies ({0})</source>
        <translation>Группы почти одинаковых документов ({0})</translation>
    </message>
    <message>
        <source>news items that the classifier judges to retell one story.</source>
        <translation>новости, которые классификатор считает пересказом одного сюжета.</translation>
    </message>
    <message>
        <source>Here: documents that “{0}” finds to be near-duplicates.</source>
        <translation>Здесь: документы, которые метод «{0}» считает почти одинаковыми.</translation>
    </message>
    <message>
        <source>Here: sharing at least {0} ({1}).</source>
        <translation>Здесь: совпадает не меньше {0} ({1}).</translation>
    </message>
    <message numerus="yes">
        <source>%n news files (JSON Lines, feeds) are grouped only by “{0}”.</source>
        <translation>
            <numerusform>%n файл новостей (JSON Lines, ленты) группирует только «{0}».</numerusform>
            <numerusform>%n файла новостей (JSON Lines, ленты) группирует только «{0}».</numerusform>
            <numerusform>%n файлов новостей (JSON Lines, ленты) группирует только «{0}».</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Group {0} (%n documents)</source>
        <translation>
            <numerusform>Группа {0} (%n документ)</numerusform>
            <numerusform>Группа {0} (%n документа)</numerusform>
            <numerusform>Группа {0} (%n документов)</numerusform>
        </translation>
    </message>
    <message>
        <source>Share of the document&apos;s words found in the other members</source>
        <translation>Доля слов документа, найденных в других документах группы</translation>
    </message>
    <message>
        <source>No pair with another member was computed for it</source>
        <translation>Пары с другими документами группы для него не вычислялись</translation>
    </message>
    <message>
        <source>No groups: no document is mostly contained in another one</source>
        <translation>Групп нет: ни один документ не содержится в другом большей частью</translation>
    </message>
    <message>
        <source>No groups: “{0}” ({1}) finds no near-duplicates here</source>
        <translation>Групп нет: метод «{0}» ({1}) не находит здесь почти одинаковых документов</translation>
    </message>
    <message>
        <source>The only group is a single pair, listed in Pairs too.</source>
        <translation>Единственная группа — это одна пара, она есть и в списке пар.</translation>
    </message>
    <message>
        <source>The only group is a pair of two documents.</source>
        <translation>Единственная группа состоит из двух документов.</translation>
    </message>
    <message>
        <source>Both groups are single pairs, listed in Pairs too.</source>
        <translation>Обе группы — это одиночные пары, они есть и в списке пар.</translation>
    </message>
    <message>
        <source>Both groups are pairs of two documents.</source>
        <translation>Обе группы состоят из двух документов.</translation>
    </message>
    <message numerus="yes">
        <source>All %n groups are single pairs, listed in Pairs too.</source>
        <translation>
            <numerusform>Групп: %n, и каждая из них — одна пара; все они есть и в списке пар.</numerusform>
            <numerusform>Групп: %n, и каждая из них — одна пара; все они есть и в списке пар.</numerusform>
            <numerusform>Групп: %n, и каждая из них — одна пара; все они есть и в списке пар.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %n groups are pairs of two documents.</source>
        <translation>
            <numerusform>Групп: %n, и каждая состоит из двух документов.</numerusform>
            <numerusform>Групп: %n, и каждая состоит из двух документов.</numerusform>
            <numerusform>Групп: %n, и каждая состоит из двух документов.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HeatControls</name>
    <message>
        <source>by similarity</source>
        <translation>по сходству</translation>
    </message>
    <message>
        <source>as listed</source>
        <translation>как в списке</translation>
    </message>
    <message>
        <source>By similarity: documents that share text sit together, the closest copies top left. As listed: the order of the document list.</source>
        <translation>По сходству: документы с общим текстом стоят рядом, самые близкие копии — в левом верхнем углу. Как в списке: в порядке списка документов.</translation>
    </message>
    <message>
        <source>Order:</source>
        <translation>Порядок:</translation>
    </message>
    <message>
        <source>Zoom out (−)</source>
        <translation>Уменьшить (−)</translation>
    </message>
    <message>
        <source>Zoom in (+, or the mouse wheel); drag to move</source>
        <translation>Увеличить (+ или колесо мыши); перетаскивайте, чтобы сдвинуть</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Целиком</translation>
    </message>
    <message>
        <source>Show the whole matrix (0)</source>
        <translation>Показать всю таблицу (0)</translation>
    </message>
    <message>
        <source>Cell: {0}, A = row document, B = column document. Click a cell to compare side by side.</source>
        <translation>Клетка: {0}, A — документ строки, B — документ столбца. Щёлкните клетку, чтобы сравнить тексты рядом.</translation>
    </message>
    <message>
        <source>Where room is short, documents sharing text get wider rows than the others, so that their cells stay visible.</source>
        <translation>Когда места мало, строки документов с общим текстом рисуются шире остальных, чтобы их клетки было видно.</translation>
    </message>
</context>
<context>
    <name>HeatMap</name>
    <message>
        <source>(the same document)</source>
        <translation>(тот же документ)</translation>
    </message>
    <message>
        <source>Row: {0}</source>
        <translation>Строка: {0}</translation>
    </message>
    <message>
        <source>Column: {0}</source>
        <translation>Столбец: {0}</translation>
    </message>
    <message>
        <source>No shared text</source>
        <translation>Общего текста нет</translation>
    </message>
    <message>
        <source>{0} found in {1}: {2}</source>
        <translation>Доля {0} в {1}: {2}</translation>
    </message>
    <message>
        <source>Shared fragments: {0} — click to compare side by side</source>
        <translation>Общих фрагментов: {0} — щёлкните, чтобы сравнить рядом</translation>
    </message>
    <message>
        <source>No documents</source>
        <translation>Нет документов</translation>
    </message>
</context>
<context>
    <name>History</name>
    <message>
        <source>The history file could not be read (%1). It was kept as “%2” and a new history was started.</source>
        <translation>Файл истории не удалось прочитать (%1). Он сохранён как «%2», начата новая история.</translation>
    </message>
    <message>
        <source>The history file “%1” cannot be read (%2) nor moved aside: %3</source>
        <translation>Файл истории «%1» не читается (%2), и переместить его не удалось: %3</translation>
    </message>
    <message>
        <source>The history could not be read: %1</source>
        <translation>Не удалось прочитать историю: %1</translation>
    </message>
    <message>
        <source>The history could not be written: %1</source>
        <translation>Не удалось записать историю: %1</translation>
    </message>
</context>
<context>
    <name>HistoryDialog</name>
    <message>
        <source>History of checks</source>
        <translation>История проверок</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Когда</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Режим</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>Документы</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Показатель</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Сеанс</translation>
    </message>
    <message>
        <source>Check: the lowest uniqueness. Compare all: the largest share found in others.</source>
        <translation>Проверка по источникам: наименьшая уникальность. Сравнить всё: наибольшая доля, найденная в других.</translation>
    </message>
    <message>
        <source>No checks yet: each completed run is listed here.</source>
        <translation>Проверок пока нет: здесь появится каждая завершённая проверка.</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>Открыть сеанс</translation>
    </message>
    <message>
        <source>Check against sources</source>
        <translation>Проверка по источникам</translation>
    </message>
    <message>
        <source>Compare all</source>
        <translation>Сравнить всё</translation>
    </message>
    <message>
        <source>%1 (no longer there)</source>
        <translation>%1 (больше не найден)</translation>
    </message>
    <message>
        <source>not saved</source>
        <translation>не сохранён</translation>
    </message>
    <message>
        <source>The run&apos;s session was not saved to a file.</source>
        <translation>Сеанс этой проверки не сохранён в файл.</translation>
    </message>
</context>
<context>
    <name>InputList</name>
    <message>
        <source>Remove</source>
        <translation>Удалить</translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation>Очистить список</translation>
    </message>
    <message>
        <source>Reading folders…</source>
        <translation>Читаем папки…</translation>
    </message>
    <message>
        <source>Pasted text, words: %1</source>
        <translation>Вставленный текст, слов: %1</translation>
    </message>
    <message>
        <source>%1

Could not be read: %2</source>
        <translation>%1

Не удалось прочитать: %2</translation>
    </message>
</context>
<context>
    <name>InputsArea</name>
    <message>
        <source>Drag files or folders here, or use Open files (Ctrl+O).</source>
        <translation>Перетащите сюда файлы или папки или нажмите «Открыть файлы» (Ctrl+O).</translation>
    </message>
    <message>
        <source>Drop documents here</source>
        <translation>Перетащите документы сюда</translation>
    </message>
    <message>
        <source>Drop sources here</source>
        <translation>Перетащите источники сюда</translation>
    </message>
    <message>
        <source>An assignment or a handout: its text is never marked.</source>
        <translation>Задание или раздаточный материал: его текст никогда не отмечается.</translation>
    </message>
    <message>
        <source>Drop templates here</source>
        <translation>Перетащите шаблоны сюда</translation>
    </message>
    <message>
        <source>Templates: an assignment, a handout, a form every document fills in. Text that matches these files is never marked and does not count in the percentages.</source>
        <translation>Шаблоны: задание, раздаточный материал, форма, которую заполняет каждый документ. Текст, совпадающий с этими файлами, никогда не отмечается и не учитывается в процентах.</translation>
    </message>
    <message>
        <source>Documents to check</source>
        <translation>Проверяемые документы</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Источники</translation>
    </message>
    <message>
        <source>Ignore</source>
        <translation>Не учитывать</translation>
    </message>
    <message>
        <source>Documents to compare</source>
        <translation>Документы для сравнения</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>Документы</translation>
    </message>
    <message>
        <source>All files</source>
        <translation>Все файлы</translation>
    </message>
    <message>
        <source>Documents and news</source>
        <translation>Документы и новости</translation>
    </message>
    <message>
        <source>Open files</source>
        <translation>Открыть файлы</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>Открыть папку</translation>
    </message>
    <message>
        <source>The clipboard has no text to paste.</source>
        <translation>В буфере обмена нет текста.</translation>
    </message>
    <message>
        <source>Pasted text %1</source>
        <translation>Вставленный текст %1</translation>
    </message>
    <message>
        <source>No new supported files found.</source>
        <translation>Новых файлов поддерживаемых форматов не найдено.</translation>
    </message>
    <message>
        <source>Cannot be read: %1 (%2: %3), marked in the list</source>
        <translation>Не читаются: %1 (%2: %3), отмечены в списке</translation>
    </message>
    <message>
        <source>Skipped while reading folders: %1 (%2: %3)</source>
        <translation>Пропущено при чтении папок: %1 (%2: %3)</translation>
    </message>
    <message>
        <source>Add the documents to check first.</source>
        <translation>Сначала добавьте документы для проверки.</translation>
    </message>
    <message>
        <source>Fix or remove the address on line %1 of Web: %2</source>
        <translation>Исправьте или удалите адрес в строке %1 раздела «Интернет»: %2</translation>
    </message>
    <message>
        <source>Add the sources to check against first, or web addresses, or check against the archive.</source>
        <translation>Сначала добавьте источники для сверки или адреса веб-страниц либо включите проверку по архиву.</translation>
    </message>
    <message>
        <source>Add at least two documents to compare.</source>
        <translation>Добавьте хотя бы два документа для сравнения.</translation>
    </message>
    <message>
        <source>The labels are not valid: “%1” is not key=value.</source>
        <translation>Метки заданы неверно: «%1» — не пара ключ=значение.</translation>
    </message>
    <message>
        <source>template</source>
        <translation>шаблон</translation>
    </message>
    <message>
        <source>web page</source>
        <translation>веб-страница</translation>
    </message>
    <message>
        <source>source</source>
        <translation>источник</translation>
    </message>
</context>
<context>
    <name>Languages</name>
    <message>
        <source>detected per document</source>
        <translation>определяется для каждого документа</translation>
    </message>
    <message>
        <source>Russian</source>
        <translation>русский</translation>
    </message>
    <message>
        <source>Ukrainian</source>
        <translation>украинский</translation>
    </message>
    <message>
        <source>English</source>
        <translation>английский</translation>
    </message>
    <message>
        <source>German</source>
        <translation>немецкий</translation>
    </message>
    <message>
        <source>French</source>
        <translation>французский</translation>
    </message>
    <message>
        <source>Spanish</source>
        <translation>испанский</translation>
    </message>
    <message>
        <source>Italian</source>
        <translation>итальянский</translation>
    </message>
    <message>
        <source>Portuguese</source>
        <translation>португальский</translation>
    </message>
    <message>
        <source>Dutch</source>
        <translation>нидерландский</translation>
    </message>
    <message>
        <source>Swedish</source>
        <translation>шведский</translation>
    </message>
    <message>
        <source>Polish</source>
        <translation>польский</translation>
    </message>
</context>
<context>
    <name>ListPanel</name>
    <message>
        <source>Add files…</source>
        <translation>Добавить файлы…</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>Добавить папку…</translation>
    </message>
</context>
<context>
    <name>LookAlike</name>
    <message>
        <source>Latin letter “{0}” inside a Cyrillic word: “{1}”</source>
        <translation>Латинская буква «{0}» в слове на кириллице: «{1}»</translation>
    </message>
    <message>
        <source>Cyrillic letter “{0}” inside a Latin word: “{1}”</source>
        <translation>Буква кириллицы «{0}» в слове на латинице: «{1}»</translation>
    </message>
    <message>
        <source>Greek letter “{0}” inside a Cyrillic word: “{1}”</source>
        <translation>Греческая буква «{0}» в слове на кириллице: «{1}»</translation>
    </message>
    <message>
        <source>Greek letter “{0}” inside a Latin word: “{1}”</source>
        <translation>Греческая буква «{0}» в слове на латинице: «{1}»</translation>
    </message>
    <message>
        <source>Letter “{0}” of another alphabet that looks like a letter of “{1}”</source>
        <translation>Буква «{0}» из другого алфавита, похожая на букву слова «{1}»</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>CopyLens</source>
        <translation>CopyLens</translation>
    </message>
    <message>
        <source>Check against sources</source>
        <translation>Проверка по источникам</translation>
    </message>
    <message>
        <source>Compare all</source>
        <translation>Сравнить всё</translation>
    </message>
    <message>
        <source>Find which parts of your documents come from the sources.</source>
        <translation>Найти, какие части ваших документов взяты из источников.</translation>
    </message>
    <message>
        <source>Compare every document with every other one to find shared text.</source>
        <translation>Сравнить каждый документ с каждым, чтобы найти общий текст.</translation>
    </message>
    <message>
        <source>Checked document</source>
        <translation>Документ</translation>
    </message>
    <message>
        <source>Uniqueness</source>
        <translation>Уникальность</translation>
    </message>
    <message>
        <source>The new interface language is used after CopyLens is restarted.</source>
        <translation>Новый язык интерфейса заработает после перезапуска CopyLens.</translation>
    </message>
    <message>
        <source>Documents are compared with the sources, not with each other.</source>
        <translation>Документы сравниваются с источниками, а не друг с другом.</translation>
    </message>
    <message>
        <source>Every document is compared with every other one.</source>
        <translation>Каждый документ сравнивается с каждым.</translation>
    </message>
    <message>
        <source>not read</source>
        <translation>не прочитан</translation>
    </message>
    <message>
        <source>All files that could not be read…</source>
        <translation>Все непрочитанные файлы…</translation>
    </message>
    <message>
        <source>%1 could not be read</source>
        <translation>Не удалось прочитать %1</translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation>Причина:</translation>
    </message>
    <message>
        <source>The file is left out of the results.</source>
        <translation>В результаты файл не вошёл.</translation>
    </message>
    <message>
        <source>What to do:</source>
        <translation>Что делать:</translation>
    </message>
</context>
<context>
    <name>MethodNames</name>
    <message>
        <source>Shared passages (CopyLens)</source>
        <translation>Общие фрагменты (CopyLens)</translation>
    </message>
    <message>
        <source>Identical text</source>
        <translation>Одинаковый текст</translation>
    </message>
    <message>
        <source>Most frequent words</source>
        <translation>Самые частые слова</translation>
    </message>
    <message>
        <source>Characteristic words (TF·IDF)</source>
        <translation>Характерные слова (TF·IDF)</translation>
    </message>
    <message>
        <source>Characteristic words (residual IDF)</source>
        <translation>Характерные слова (остаточная IDF)</translation>
    </message>
    <message>
        <source>Two longest sentences</source>
        <translation>Два самых длинных предложения</translation>
    </message>
    <message>
        <source>Two weightiest sentences</source>
        <translation>Два самых весомых предложения</translation>
    </message>
    <message>
        <source>Word sequences in bundles (megashingles)</source>
        <translation>Связки последовательностей слов (мегашинглы)</translation>
    </message>
    <message>
        <source>Vocabulary fingerprints (I-Match)</source>
        <translation>Отпечатки словаря (I-Match)</translation>
    </message>
    <message>
        <source>Sample of word sequences (log shingles)</source>
        <translation>Выборка последовательностей слов (лог-шинглы)</translation>
    </message>
    <message>
        <source>Descriptive words, same set</source>
        <translation>Описательные слова, тот же набор</translation>
    </message>
    <message>
        <source>Descriptive words, nearly the same set</source>
        <translation>Описательные слова, почти тот же набор</translation>
    </message>
    <message>
        <source>Word-frequency profile</source>
        <translation>Частотный профиль слов</translation>
    </message>
    <message>
        <source>Shared word sequences, texts of similar length</source>
        <translation>Общие последовательности слов, тексты близкой длины</translation>
    </message>
    <message>
        <source>Long sentences and long words (3+5)</source>
        <translation>Длинные предложения и длинные слова (3+5)</translation>
    </message>
    <message>
        <source>Shared word sequences, smallest sample</source>
        <translation>Общие последовательности слов, выборка наименьших</translation>
    </message>
    <message>
        <source>Shared word sequences, Broder&apos;s clustering</source>
        <translation>Общие последовательности слов, кластеризация Бродера</translation>
    </message>
    <message>
        <source>Word sequences in bundles (Fetterly)</source>
        <translation>Связки последовательностей слов (Феттерли)</translation>
    </message>
    <message>
        <source>Punctuation counts</source>
        <translation>Число знаков препинания</translation>
    </message>
    <message>
        <source>Two longest sentences, as written</source>
        <translation>Два самых длинных предложения, как они написаны</translation>
    </message>
    <message>
        <source>Special characters in order</source>
        <translation>Последовательность специальных символов</translation>
    </message>
    <message>
        <source>Word and sentence lengths</source>
        <translation>Длина слов и предложений</translation>
    </message>
    <message>
        <source>Shared word sequences, regular sample</source>
        <translation>Общие последовательности слов, регулярная выборка</translation>
    </message>
    <message>
        <source>Overall word profile (simhash)</source>
        <translation>Общий профиль слов (simhash)</translation>
    </message>
    <message>
        <source>News duplicates (SVM)</source>
        <translation>Дубликаты новостей (SVM)</translation>
    </message>
    <message>
        <source>News items read from JSON Lines (.jsonl, .ndjson), feeds (.xml, .rss, .atom) and saved pages (.html, .htm), judged by many criteria and a support vector machine (Andreev, Berezkin, Kozlov, Simakov)</source>
        <translation>Новости из JSON Lines (.jsonl, .ndjson), лент (.xml, .rss, .atom) и сохранённых страниц (.html, .htm); решают многие критерии и машина опорных векторов (Андреев, Березкин, Козлов, Симаков)</translation>
    </message>
    <message>
        <source>Study&apos;s code: {0} · {1}</source>
        <translation>Код в исследовании: {0} · {1}</translation>
    </message>
</context>
<context>
    <name>NewsRows</name>
    <message numerus="yes">
        <source>Group {0} (%n news items)</source>
        <translation>
            <numerusform>Группа {0} (%n новость)</numerusform>
            <numerusform>Группа {0} (%n новости)</numerusform>
            <numerusform>Группа {0} (%n новостей)</numerusform>
        </translation>
    </message>
    <message>
        <source>No groups: none of the news items duplicates another</source>
        <translation>Групп нет: ни одна новость не дублирует другую</translation>
    </message>
    <message>
        <source>No news items could be read</source>
        <translation>Не удалось прочитать ни одной новости</translation>
    </message>
    <message>
        <source>{0} duplicates {1}</source>
        <translation>{0} — дубликат {1}</translation>
    </message>
    <message>
        <source>{0} and {1}: each duplicates the other</source>
        <translation>{0} и {1} дублируют друг друга</translation>
    </message>
    <message>
        <source>probability {0}</source>
        <translation>вероятность {0}</translation>
    </message>
    <message>
        <source>The classifier&apos;s probability that the two retell one story</source>
        <translation>Вероятность по классификатору, что обе новости пересказывают один сюжет</translation>
    </message>
    <message numerus="yes">
        <source>Could not be read (%n)</source>
        <translation>
            <numerusform>Не удалось прочитать (%n)</numerusform>
            <numerusform>Не удалось прочитать (%n)</numerusform>
            <numerusform>Не удалось прочитать (%n)</numerusform>
        </translation>
    </message>
    <message>
        <source>news items that the classifier judges to retell one story, each compared with the items up to {0} days before it; the later item duplicates the earlier.</source>
        <translation>новости, которые классификатор считает пересказом одного сюжета; каждая сравнивается с новостями за {0} дня до неё; более поздняя — дубликат более ранней.</translation>
    </message>
    <message>
        <source>1 news item read</source>
        <translation>Прочитана 1 новость</translation>
    </message>
    <message numerus="yes">
        <source>%n news items read</source>
        <translation>
            <numerusform>Прочитана %n новость</numerusform>
            <numerusform>Прочитаны %n новости</numerusform>
            <numerusform>Прочитано %n новостей</numerusform>
        </translation>
    </message>
    <message>
        <source>from 1 file</source>
        <translation>из 1 файла</translation>
    </message>
    <message numerus="yes">
        <source>from %n files</source>
        <translation>
            <numerusform>из %n файла</numerusform>
            <numerusform>из %n файлов</numerusform>
            <numerusform>из %n файлов</numerusform>
        </translation>
    </message>
    <message>
        <source>line {0}</source>
        <translation>строка {0}</translation>
    </message>
</context>
<context>
    <name>Options</name>
    <message>
        <source>Words per shingle</source>
        <translation>Слов в шингле</translation>
    </message>
    <message>
        <source>Length of the overlapping word sequences used to measure resemblance.</source>
        <translation>Длина перекрывающихся цепочек слов, по которым измеряется сходство.</translation>
    </message>
    <message>
        <source>Language of the documents</source>
        <translation>Язык документов</translation>
    </message>
    <message>
        <source>Which language rules to use. Automatic detection works per document.</source>
        <translation>Правила какого языка применять. При автоматическом определении язык выбирается для каждого документа отдельно.</translation>
    </message>
    <message>
        <source>Match different forms of a word</source>
        <translation>Считать формы одного слова одинаковыми</translation>
    </message>
    <message>
        <source>Treat “write”, “wrote” and “written” as the same word (lemmas or stems).</source>
        <translation>Считать «писать», «пишу» и «писал» одним словом (по начальной форме или основе).</translation>
    </message>
    <message>
        <source>Ignore common words</source>
        <translation>Пропускать служебные слова</translation>
    </message>
    <message>
        <source>Leave out words such as “the”, “and”, “и”, “в” when comparing.</source>
        <translation>Не учитывать при сравнении такие слова, как «и», «в», «the», «and».</translation>
    </message>
    <message>
        <source>Ignore short words (3 letters or fewer)</source>
        <translation>Пропускать короткие слова (до 3 букв)</translation>
    </message>
    <message>
        <source>Makes matching less sensitive to small inserted or swapped words.</source>
        <translation>Вставленные или заменённые короткие слова меньше мешают поиску совпадений.</translation>
    </message>
    <message>
        <source>Ignore numbers</source>
        <translation>Пропускать числа</translation>
    </message>
    <message>
        <source>Words made only of digits are left out when comparing.</source>
        <translation>Слова, состоящие только из цифр, не учитываются при сравнении.</translation>
    </message>
    <message>
        <source>Words per matching piece</source>
        <translation>Слов в коротком совпадении</translation>
    </message>
    <message>
        <source>Short runs of this many matching words are chained into passages.</source>
        <translation>Короткие совпадения такой длины собираются в совпавшие отрывки.</translation>
    </message>
    <message>
        <source>Allowed gap inside a fragment (words)</source>
        <translation>Допустимый разрыв внутри фрагмента (слов)</translation>
    </message>
    <message>
        <source>How many changed or inserted words a copied passage may contain in one place.</source>
        <translation>Сколько изменённых или вставленных слов подряд может быть внутри скопированного фрагмента.</translation>
    </message>
    <message>
        <source>Minimum fragment (words)</source>
        <translation>Наименьший фрагмент (слов)</translation>
    </message>
    <message>
        <source>Shorter shared passages are not reported. Counted words exclude common words.</source>
        <translation>Более короткие совпадения не показываются. Служебные слова не считаются.</translation>
    </message>
    <message>
        <source>Words that must match in a row</source>
        <translation>Сколько слов подряд должно совпасть</translation>
    </message>
    <message>
        <source>Every reported passage holds at least this many consecutive matching words.</source>
        <translation>В каждом найденном отрывке есть не меньше стольких совпавших слов подряд.</translation>
    </message>
    <message>
        <source>Leave quotations out of the check</source>
        <translation>Не проверять цитаты</translation>
    </message>
    <message>
        <source>Text in quotation marks or block quotations is neither matched nor counted. When off, it is matched and reported as cited, apart from borrowed text.</source>
        <translation>Текст в кавычках и блочные цитаты не сравниваются и не учитываются. Если выключено, они сравниваются и показываются как цитирование, отдельно от заимствований.</translation>
    </message>
    <message>
        <source>Leave the bibliography out of the check</source>
        <translation>Не проверять список литературы</translation>
    </message>
    <message>
        <source>The references section is neither matched nor counted. When off, it is matched and reported as cited.</source>
        <translation>Список литературы не сравнивается и не учитывается. Если выключено, он сравнивается и показывается как цитирование.</translation>
    </message>
    <message>
        <source>Find rewrites</source>
        <translation>Искать перефразирование</translation>
    </message>
    <message>
        <source>Sentences retold in other words (synonyms, another order, merged or split) are matched by meaning and reported as paraphrase, apart from copied text.</source>
        <translation>Предложения, пересказанные другими словами (синонимы, другой порядок, слияние или разбиение), сопоставляются по смыслу и показываются как перефразирование, отдельно от скопированного текста.</translation>
    </message>
    <message>
        <source>Seed repeat limit</source>
        <translation>Предел повторов затравки</translation>
    </message>
    <message>
        <source>A matching piece repeated more often in one source is paired with this many of its places there, those nearest its own.</source>
        <translation>Короткое совпадение, которое встречается в одном источнике чаще, сопоставляется только со столькими его местами там — ближайшими к его собственному.</translation>
    </message>
    <message>
        <source>Largest file (bytes)</source>
        <translation>Наибольший файл (байт)</translation>
    </message>
    <message>
        <source>Larger files are refused with a message; the others are checked.</source>
        <translation>Файлы больше этого не проверяются (об этом выводится сообщение); остальные проверяются.</translation>
    </message>
    <message>
        <source>Longest time to read one file (s)</source>
        <translation>Наибольшее время чтения одного файла (с)</translation>
    </message>
    <message>
        <source>A file that takes longer to read is given up with a message; the others are checked.</source>
        <translation>Если файл читается дольше, чтение прекращается с сообщением; остальные файлы проверяются.</translation>
    </message>
    <message>
        <source>Most memory to read one file (bytes)</source>
        <translation>Наибольший объём памяти на чтение одного файла (байт)</translation>
    </message>
    <message>
        <source>A file that needs more memory to read is given up with a message; the others are checked.</source>
        <translation>Если для чтения файла нужно больше памяти, чтение прекращается с сообщением; остальные файлы проверяются.</translation>
    </message>
    <message>
        <source>Compare all: list pairs sharing at least</source>
        <translation>Включать в результаты пары с совпадением от</translation>
    </message>
    <message>
        <source>Pairs of documents sharing less than this share of their text are not aligned nor listed; the results&apos; slider starts here.</source>
        <translation>Пары документов с меньшей долей общего текста не выравниваются и не попадают в список; с этого значения начинается ползунок в результатах.</translation>
    </message>
    <message>
        <source>Compare all: group documents sharing at least</source>
        <translation>Объединять в группы при совпадении от</translation>
    </message>
    <message>
        <source>Documents linked by pairs above this share are shown as one group.</source>
        <translation>Документы, связанные парами с большей долей совпадения, показываются одной группой.</translation>
    </message>
    <message>
        <source>Compare all: ignore phrases shared by more than</source>
        <translation>Не учитывать фразы, общие для более чем</translation>
    </message>
    <message>
        <source>Text found in more than this share of the documents (the assignment, a set phrase) is never marked and not counted. Used from 10 documents on; text only two documents share is never ignored; 100 % turns it off.</source>
        <translation>Текст, который есть в большей доле документов (задание, устойчивые фразы), не отмечается и не учитывается. Действует от 10 документов; текст, общий только для двух документов, не пропускается никогда; 100 % — отключено.</translation>
    </message>
    <message>
        <source>Worker processes (0: one per core)</source>
        <translation>Рабочих процессов (0 — по одному на ядро)</translation>
    </message>
    <message>
        <source>Processes that read and compare.</source>
        <translation>Процессы, которые читают и сравнивают документы.</translation>
    </message>
</context>
<context>
    <name>PairsModel</name>
    <message>
        <source>Document A</source>
        <translation>Документ A</translation>
    </message>
    <message>
        <source>Document B</source>
        <translation>Документ B</translation>
    </message>
    <message>
        <source>First document of the pair (left side by side)</source>
        <translation>Первый документ пары (слева при сравнении)</translation>
    </message>
    <message>
        <source>Second document of the pair (right side by side)</source>
        <translation>Второй документ пары (справа при сравнении)</translation>
    </message>
</context>
<context>
    <name>PairsPanel</name>
    <message>
        <source>Show pairs sharing at least</source>
        <translation>Показывать пары, где совпадает не меньше</translation>
    </message>
    <message>
        <source>Pairs sharing less than {0} were not computed; change it in Settings.</source>
        <translation>Пары, у которых совпадает меньше {0}, не вычислялись; порог можно изменить в настройках.</translation>
    </message>
    <message>
        <source>Show pairs where either document has at least this share in the other</source>
        <translation>Показывать пары, в которых хотя бы один документ совпадает с другим не меньше чем на эту долю</translation>
    </message>
    <message>
        <source>Settings: {0}</source>
        <translation>Настройки: {0}</translation>
    </message>
    <message>
        <source>{0} of {1} shown</source>
        <translation>Показано {0} из {1}</translation>
    </message>
</context>
<context>
    <name>QAbstractFileIconProvider</name>
    <message>
        <source>Folder</source>
        <comment>All other platforms</comment>
        <translation>Папка</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>&amp;Папка:</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>&amp;Тип файлов:</translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <source>Originality report: {name}</source>
        <translation>Отчёт об оригинальности: {name}</translation>
    </message>
    <message>
        <source>Originality report: {n} documents checked</source>
        <translation>Отчёт об оригинальности: проверено документов — {n}</translation>
    </message>
    <message>
        <source>CopyLens: comparison report</source>
        <translation>CopyLens: отчёт о сравнении</translation>
    </message>
    <message>
        <source>Generated</source>
        <translation>Создан</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Сводка</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Параметры проверки</translation>
    </message>
    <message>
        <source>The settings this check ran with; the same settings give the same results.</source>
        <translation>Параметры, с которыми прошла проверка; с теми же параметрами результат будет тем же.</translation>
    </message>
    <message>
        <source>Files that could not be read</source>
        <translation>Файлы, которые не удалось прочитать</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>Документ</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>Документы</translation>
    </message>
    <message>
        <source>paler, underlined: copied with changes</source>
        <translation>светлее, с подчёркиванием: скопировано с изменениями</translation>
    </message>
    <message>
        <source>Main source</source>
        <translation>Основной источник</translation>
    </message>
    <message>
        <source>Fragments</source>
        <translation>Фрагменты</translation>
    </message>
    <message>
        <source>Look-alike letters</source>
        <translation>Подменённые буквы</translation>
    </message>
    <message>
        <source>No document could be checked.</source>
        <translation>Ни один документ не удалось проверить.</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Путь</translation>
    </message>
    <message>
        <source>Source of the text</source>
        <translation>Откуда текст</translation>
    </message>
    <message>
        <source>typed or pasted into CopyLens</source>
        <translation>набран или вставлен в CopyLens</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Язык</translation>
    </message>
    <message>
        <source>Words</source>
        <translation>Слов</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Источники</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
    <message>
        <source>No source shares text with this document.</source>
        <translation>Ни один источник не совпадает с этим документом.</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Текст</translation>
    </message>
    <message>
        <source>The text of this document is not available.</source>
        <translation>Текст документа недоступен.</translation>
    </message>
    <message>
        <source>look-alike letter</source>
        <translation>подменённая буква</translation>
    </message>
    <message>
        <source>underlined: found in several sources (colour of the first)</source>
        <translation>подчёркнуто: найдено в нескольких источниках (цвет первого)</translation>
    </message>
    <message>
        <source>green-grey, italic: cited</source>
        <translation>серо-зелёный курсив: цитаты</translation>
    </message>
    <message>
        <source>lighter, wavy underline: paraphrase (retold in other words)</source>
        <translation>светлее, с волнистым подчёркиванием: перефразирование (пересказано другими словами)</translation>
    </message>
    <message>
        <source>lighter, wavy underline: {label} ({legend})</source>
        <translation>светлее, волнистое подчёркивание: {label} ({legend})</translation>
    </message>
    <message>
        <source>Paraphrases</source>
        <translation>Перефразирование</translation>
    </message>
    <message>
        <source>Retold sentences</source>
        <translation>Пересказанные предложения</translation>
    </message>
    <message>
        <source>retold in other words, inside the copied passage</source>
        <translation>пересказано своими словами внутри скопированного отрывка</translation>
    </message>
    <message>
        <source>Passage</source>
        <translation>Отрывок</translation>
    </message>
    <message>
        <source>look-alike letter {code} from another alphabet</source>
        <translation>буква {code} из другого алфавита</translation>
    </message>
    <message>
        <source>Pairs</source>
        <translation>Пары</translation>
    </message>
    <message>
        <source>Pair</source>
        <translation>Пара</translation>
    </message>
    <message>
        <source>No two documents share text.</source>
        <translation>Ни в одной паре документов нет общего текста.</translation>
    </message>
    <message>
        <source>Groups of near-copies</source>
        <translation>Группы почти одинаковых документов</translation>
    </message>
    <message>
        <source>Documents joined by pairs that share at least half of one of them; in brackets, each one&apos;s share found in the other members.</source>
        <translation>Документы, связанные парами, в которых совпадает не меньше половины одного из них; в скобках — доля каждого, найденная у остальных участников группы.</translation>
    </message>
    <message>
        <source>Pairs sharing at least {share}</source>
        <translation>Пары, где совпадает не меньше {share}</translation>
    </message>
    <message>
        <source>Found in no other document ({n})</source>
        <translation>Не найдены ни в одном другом документе ({n})</translation>
    </message>
    <message>
        <source>Heat map</source>
        <translation>Тепловая карта</translation>
    </message>
    <message>
        <source>Row: a document; column: another; colour: the share of the row&apos;s document found in the column&apos;s. Documents that share text sit together; the grey line: each document with itself.</source>
        <translation>Строка — документ, столбец — другой документ, цвет — доля документа строки, найденная в документе столбца. Документы с общим текстом стоят рядом; серая линия — каждый документ сам с собой.</translation>
    </message>
    <message>
        <source>Rows from the top, columns from the left:</source>
        <translation>Строки сверху вниз, столбцы слева направо:</translation>
    </message>
    <message>
        <source>Fragment {n}: {words} words ({exact} exact); A characters {a0}–{a1}, B characters {b0}–{b1}</source>
        <translation>Фрагмент {n}: слов {words} (точно совпадают {exact}); символы A {a0}–{a1}, символы B {b0}–{b1}</translation>
    </message>
    <message>
        <source>archive #{id}</source>
        <translation>архив № {id}</translation>
    </message>
    <message>
        <source>archived document #{id}</source>
        <translation>документ архива № {id}</translation>
    </message>
    <message>
        <source>self-citation</source>
        <translation>самоцитирование</translation>
    </message>
    <message>
        <source>identical to #{id}, added {date}</source>
        <translation>совпадает с №{id}, добавлен {date}</translation>
    </message>
    <message>
        <source>Already in the archive as {ids}.</source>
        <translation>Уже в архиве как {ids}.</translation>
    </message>
    <message>
        <source>downloaded {time}</source>
        <translation>скачано {time}</translation>
    </message>
    <message>
        <source>redirected to {url}</source>
        <translation>перенаправлено на {url}</translation>
    </message>
    <message>
        <source>Web search queries sent: {n}</source>
        <translation>Отправлено поисковых запросов: {n}</translation>
    </message>
    <message>
        <source>Printed up to character {printed} of {total}: the HTML report has the whole text.</source>
        <translation>Напечатано до символа {printed} из {total}: весь текст — в отчёте HTML.</translation>
    </message>
    <message>
        <source>Originality check certificate</source>
        <translation>Справка о проверке на заимствования</translation>
    </message>
    <message>
        <source>Work</source>
        <translation>Работа</translation>
    </message>
    <message>
        <source>Author</source>
        <translation>Автор</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Группа</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Дата</translation>
    </message>
    <message>
        <source>Checked by</source>
        <translation>Проверил</translation>
    </message>
    <message>
        <source>words</source>
        <translation>слов</translation>
    </message>
    <message>
        <source>Main sources</source>
        <translation>Основные источники</translation>
    </message>
    <message>
        <source>and {n} more in the detailed report</source>
        <translation>и ещё {n} — в подробном отчёте</translation>
    </message>
    <message>
        <source>Checked with CopyLens {version}: texts compared by runs of {shingle} words, shared passages of at least {words} words aligned word by word (other word forms, replaced, inserted and reordered words, look-alike letters found); quotations and the bibliography counted as cited.</source>
        <translation>Проверено в CopyLens {version}: тексты сравнивались по последовательностям из {shingle} слов, общие фрагменты от {words} слов выравнивались пословно (с учётом других форм слова, заменённых, вставленных и переставленных слов, подменённых букв); цитаты и список литературы учтены как цитирование.</translation>
    </message>
    <message>
        <source>Sentences retold in other words found by meaning.</source>
        <translation>Пересказ другими словами найден по смыслу.</translation>
    </message>
    <message>
        <source>Signature</source>
        <translation>Подпись</translation>
    </message>
    <message>
        <source>Settings fingerprint</source>
        <translation>Отпечаток параметров</translation>
    </message>
    <message>
        <source>Left out of the figures: {what}. Every share is counted without it.</source>
        <translation>Исключено из расчёта: {what}. Все доли посчитаны без этого.</translation>
    </message>
    <message>
        <source>matches under {n} words</source>
        <translation>совпадения короче {n} слов</translation>
    </message>
    <message>
        <source>sources under {share}</source>
        <translation>источники с долей меньше {share}</translation>
    </message>
    <message>
        <source>the sources {names}</source>
        <translation>источники {names}</translation>
    </message>
    <message>
        <source>archived sources labelled {label}</source>
        <translation>источники архива с меткой {label}</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>да</translation>
    </message>
    <message>
        <source>no</source>
        <translation>нет</translation>
    </message>
</context>
<context>
    <name>ResultsArea</name>
    <message>
        <source>See every file and why…</source>
        <translation>Все файлы и причины…</translation>
    </message>
    <message>
        <source>Results appear here</source>
        <translation>Здесь появятся результаты</translation>
    </message>
    <message>
        <source>Add documents and sources above, then press Check (Ctrl+Enter).</source>
        <translation>Добавьте документы и источники выше, затем нажмите «Проверить» (Ctrl+Enter).</translation>
    </message>
    <message>
        <source>Add two or more documents above, then press Compare (Ctrl+Enter).</source>
        <translation>Добавьте выше два документа или больше, затем нажмите «Сравнить» (Ctrl+Enter).</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Запуск…</translation>
    </message>
    <message>
        <source>None of the documents could be read</source>
        <translation>Не удалось прочитать ни одного документа</translation>
    </message>
    <message>
        <source>Files that could not be read: %1</source>
        <translation>Не удалось прочитать файлов: %1</translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation>… и ещё %1</translation>
    </message>
</context>
<context>
    <name>RunStatus</name>
    <message>
        <source>Click to see each file and why it could not be read.</source>
        <translation>Нажмите, чтобы увидеть каждый файл и причину, по которой его не удалось прочитать.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Reading folders… the run starts when they are read.</source>
        <translation>Читаем папки… проверка начнётся, когда они будут прочитаны.</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Запуск…</translation>
    </message>
    <message>
        <source>The settings are not valid.</source>
        <translation>Настройки заданы неверно.</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Остановка…</translation>
    </message>
    <message>
        <source>Queued: the new files will be checked when this run finishes.</source>
        <translation>В очереди: новые файлы будут проверены, когда закончится текущая проверка.</translation>
    </message>
    <message>
        <source>Reading %1 / %2</source>
        <translation>Чтение %1 / %2</translation>
    </message>
    <message>
        <source>Searching the web: query %1 / %2</source>
        <translation>Поиск в интернете: запрос %1 / %2</translation>
    </message>
    <message>
        <source>Downloading pages %1 / %2</source>
        <translation>Скачивание страниц %1 / %2</translation>
    </message>
    <message>
        <source>Comparing %1 / %2</source>
        <translation>Сравнение %1 / %2</translation>
    </message>
    <message>
        <source>Adding to the archive %1 / %2</source>
        <translation>Добавление в архив %1 / %2</translation>
    </message>
    <message>
        <source>None of the documents could be read</source>
        <translation>Не удалось прочитать ни одного документа</translation>
    </message>
    <message>
        <source>None of the sources could be read: the documents were checked against nothing</source>
        <translation>Не удалось прочитать ни одного источника: документы было не с чем сравнить</translation>
    </message>
    <message>
        <source>Documents compared: %1</source>
        <translation>Сравнено документов: %1</translation>
    </message>
    <message>
        <source>Documents checked: %1</source>
        <translation>Проверено документов: %1</translation>
    </message>
    <message>
        <source>added to the archive: %1</source>
        <translation>добавлено в архив: %1</translation>
    </message>
    <message>
        <source>web search queries sent: %1</source>
        <translation>отправлено поисковых запросов: %1</translation>
    </message>
    <message>
        <source>The run stopped with an error.</source>
        <translation>Проверка остановилась из-за ошибки.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Отменено.</translation>
    </message>
    <message>
        <source>Files that could not be read: %1</source>
        <translation>Не удалось прочитать файлов: %1</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Проверка…</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>Сравнение…</translation>
    </message>
    <message>
        <source>Reading folders…</source>
        <translation>Читаем папки…</translation>
    </message>
    <message>
        <source>under 0.1 s</source>
        <translation>меньше 0,1 с</translation>
    </message>
    <message>
        <source>about %1 min left</source>
        <translation>осталось около %1 мин</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <source>about %1 s left</source>
        <translation>осталось около %1 с</translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message>
        <source>This session was saved by a newer version of CopyLens (session format %1; this version reads up to %2). Update CopyLens to open it.</source>
        <translation>Этот сеанс сохранён более новой версией CopyLens (формат сеанса %1, эта версия читает форматы до %2). Обновите CopyLens, чтобы открыть его.</translation>
    </message>
    <message>
        <source>This file is not a CopyLens session.</source>
        <translation>Этот файл — не сеанс CopyLens.</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>Открыть сеанс</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>Сохранить сеанс</translation>
    </message>
    <message>
        <source>CopyLens sessions (*%1)</source>
        <translation>Сеансы CopyLens (*%1)</translation>
    </message>
    <message>
        <source>Unsaved session</source>
        <translation>Несохранённый сеанс</translation>
    </message>
    <message>
        <source>The session is too large: CopyLens reads sessions of at most %1 MB.</source>
        <translation>Сеанс слишком велик: CopyLens открывает сеансы не больше %1 МБ.</translation>
    </message>
    <message>
        <source>The session file is nested more than %1 levels deep; CopyLens writes no such file. It was made by something else, or it is damaged.</source>
        <translation>В файле сеанса вложенность глубже %1 уровней; CopyLens таких файлов не создаёт. Файл создан другой программой или повреждён.</translation>
    </message>
    <message>
        <source>The session file holds a number that is not finite (%1); CopyLens writes no such number. It was made by something else, or it is damaged.</source>
        <translation>В файле сеанса есть бесконечное или неопределённое число (%1); CopyLens таких чисел не записывает. Файл создан другой программой или повреждён.</translation>
    </message>
    <message>
        <source>The session file is damaged.</source>
        <translation>Файл сеанса повреждён.</translation>
    </message>
    <message>
        <source>The session file cannot be read.</source>
        <translation>Не удаётся прочитать файл сеанса.</translation>
    </message>
    <message>
        <source>The session&apos;s results hold an impossible value (%1); the file was changed by something else than CopyLens, or it is damaged.</source>
        <translation>В результатах сеанса невозможное значение (%1): файл изменён не CopyLens или повреждён.</translation>
    </message>
    <message>
        <source>This file is not a CopyLens session, or it is damaged.</source>
        <translation>Этот файл — не сеанс CopyLens, или он повреждён.</translation>
    </message>
    <message>
        <source>History</source>
        <translation>История</translation>
    </message>
    <message>
        <source>Cancel the run or wait for it to end, then open the session.</source>
        <translation>Отмените проверку или дождитесь её окончания, затем откройте сеанс.</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>Сеансы</translation>
    </message>
    <message>
        <source>Files and folders</source>
        <translation>Файлы и папки</translation>
    </message>
    <message>
        <source>Session opened: %1</source>
        <translation>Сеанс открыт: %1</translation>
    </message>
    <message>
        <source>Session saved: %1</source>
        <translation>Сеанс сохранён: %1</translation>
    </message>
    <message>
        <source>Could not open the session “%1”.</source>
        <translation>Не удалось открыть сеанс «%1».</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Сеанс</translation>
    </message>
    <message>
        <source>Could not save the session “%1”.</source>
        <translation>Не удалось сохранить сеанс «%1».</translation>
    </message>
    <message>
        <source>Nothing yet</source>
        <translation>Пока пусто</translation>
    </message>
    <message>
        <source>Clear recent items</source>
        <translation>Очистить список недавних</translation>
    </message>
    <message>
        <source>%1 (no longer there)</source>
        <translation>%1 (больше не найден)</translation>
    </message>
</context>
<context>
    <name>SessionReview</name>
    <message>
        <source>Also check against the archive</source>
        <translation>Проверять и по архиву</translation>
    </message>
    <message>
        <source>Add checked documents to the archive</source>
        <translation>Добавлять проверенные в архив</translation>
    </message>
    <message>
        <source>Labels of checked documents</source>
        <translation>Метки проверенных документов</translation>
    </message>
    <message>
        <source>Search the web</source>
        <translation>Искать в интернете</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(нет)</translation>
    </message>
    <message>
        <source>The session “%1” is shown: its inputs and results. It also carries what is listed below; only what you tick is used. A session someone sent you could point anywhere: tick only what you expect.</source>
        <translation>Сеанс «%1» открыт: показаны его документы и результаты. В нём есть и то, что перечислено ниже; применяется только отмеченное вами. Сеанс, присланный кем-то, может указывать куда угодно: отмечайте только ожидаемое.</translation>
    </message>
    <message>
        <source>on</source>
        <translation>вкл.</translation>
    </message>
    <message>
        <source>off</source>
        <translation>выкл.</translation>
    </message>
    <message>
        <source>Documents to check</source>
        <translation>Проверяемые документы</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Источники</translation>
    </message>
    <message>
        <source>Ignore</source>
        <translation>Не учитывать</translation>
    </message>
    <message>
        <source>Documents to compare</source>
        <translation>Документы для сравнения</translation>
    </message>
    <message>
        <source>Ignore (Compare all)</source>
        <translation>Не учитывать («Сравнить всё»)</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>Открыть сеанс</translation>
    </message>
    <message>
        <source>Ticked settings become your settings, as if set in Settings.</source>
        <translation>Отмеченные параметры станут вашими, как если бы вы задали их в настройках.</translation>
    </message>
    <message>
        <source>Use ticked</source>
        <translation>Применить отмеченное</translation>
    </message>
    <message>
        <source>Use nothing</source>
        <translation>Ничего не применять</translation>
    </message>
    <message>
        <source>Add them all</source>
        <translation>Добавить все</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>Параметр</translation>
    </message>
    <message>
        <source>Yours</source>
        <translation>Ваш</translation>
    </message>
    <message>
        <source>The session&apos;s</source>
        <translation>В сеансе</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Файл</translation>
    </message>
    <message>
        <source>List</source>
        <translation>Список</translation>
    </message>
    <message>
        <source>Settings the results were computed with</source>
        <translation>Параметры, с которыми получены результаты</translation>
    </message>
    <message>
        <source>Archive, web and network settings</source>
        <translation>Параметры архива, интернета и сети</translation>
    </message>
    <message>
        <source>These decide where checked documents are copied, what is downloaded and from where, and what searches are billed to you. None is used unless ticked.</source>
        <translation>Они определяют, куда копируются проверенные документы, что и откуда загружается и за какие поисковые запросы платите вы. Без отметки ни один не применяется.</translation>
    </message>
    <message>
        <source>Files outside the session&apos;s folder</source>
        <translation>Файлы вне папки сеанса</translation>
    </message>
    <message>
        <source>The session lists these files, outside the folder it is in. Ticked ones are added to their lists; the others are left out (the results already shown keep their texts).</source>
        <translation>В сеансе перечислены эти файлы вне папки, где он лежит. Отмеченные добавляются в свои списки, остальные нет (в уже показанных результатах их тексты сохранены).</translation>
    </message>
</context>
<context>
    <name>Settings</name>
    <message>
        <source>“%1”</source>
        <translation>«%1»</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>CopyLens archives</source>
        <translation>Архивы CopyLens</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
    <message>
        <source>Matching</source>
        <translation>Поиск совпадений</translation>
    </message>
    <message>
        <source>Compare all</source>
        <translation>Режим «Сравнить всё»</translation>
    </message>
    <message>
        <source>Reading files</source>
        <translation>Чтение файлов</translation>
    </message>
    <message>
        <source>Web search</source>
        <translation>Поиск в интернете</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>Интерфейс</translation>
    </message>
    <message>
        <source>A new interface language is used after CopyLens is restarted.</source>
        <translation>Новый язык интерфейса заработает после перезапуска CopyLens.</translation>
    </message>
    <message>
        <source>Reset to defaults</source>
        <translation>Вернуть значения по умолчанию</translation>
    </message>
    <message>
        <source>Your key of the search provider chosen above: the provider bills its queries to your account. CopyLens sends it only to that provider.</source>
        <translation>Ваш ключ поисковой системы, выбранной выше: она списывает плату за запросы с вашего счёта. CopyLens отправляет ключ только ей.</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-ключ</translation>
    </message>
    <message>
        <source>The key from your %1 account</source>
        <translation>Ключ из вашей учётной записи %1</translation>
    </message>
    <message>
        <source>Published price: %1</source>
        <translation>Опубликованная цена: %1</translation>
    </message>
    <message>
        <source>The key is kept in the system keyring, not in the settings file.</source>
        <translation>Ключ хранится в системном хранилище паролей, а не в файле настроек.</translation>
    </message>
    <message>
        <source>No system keyring was found: the key is kept in the settings file, as plain text readable by anyone who can read your files.</source>
        <translation>Системное хранилище паролей не найдено: ключ хранится в файле настроек открытым текстом, и его может прочитать всякий, кто может читать ваши файлы.</translation>
    </message>
    <message>
        <source>Left empty, the key comes from the environment variable %1.</source>
        <translation>Если поле пустое, ключ берётся из переменной окружения %1.</translation>
    </message>
    <message>
        <source>Detect automatically</source>
        <translation>Определять автоматически</translation>
    </message>
    <message>
        <source>Russian</source>
        <translation>Русский</translation>
    </message>
    <message>
        <source>Ukrainian</source>
        <translation>Украинский</translation>
    </message>
    <message>
        <source>English</source>
        <translation>Английский</translation>
    </message>
    <message>
        <source>German</source>
        <translation>Немецкий</translation>
    </message>
    <message>
        <source>French</source>
        <translation>Французский</translation>
    </message>
    <message>
        <source>Spanish</source>
        <translation>Испанский</translation>
    </message>
    <message>
        <source>Italian</source>
        <translation>Итальянский</translation>
    </message>
    <message>
        <source>Portuguese</source>
        <translation>Португальский</translation>
    </message>
    <message>
        <source>Dutch</source>
        <translation>Нидерландский</translation>
    </message>
    <message>
        <source>Swedish</source>
        <translation>Шведский</translation>
    </message>
    <message>
        <source>Polish</source>
        <translation>Польский</translation>
    </message>
    <message>
        <source>archive.sqlite · postgresql://user@host/db</source>
        <translation>archive.sqlite · postgresql://user@host/db</translation>
    </message>
    <message>
        <source>Choose file…</source>
        <translation>Выбрать файл…</translation>
    </message>
    <message>
        <source>Archive file</source>
        <translation>Файл архива</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Показать</translation>
    </message>
    <message>
        <source>Show the key</source>
        <translation>Показать ключ</translation>
    </message>
    <message>
        <source>All files</source>
        <translation>Все файлы</translation>
    </message>
    <message>
        <source>Hide</source>
        <translation>Скрыть</translation>
    </message>
    <message>
        <source>Interface language</source>
        <translation>Язык интерфейса</translation>
    </message>
    <message>
        <source>Language of menus and messages. Takes effect after CopyLens is restarted.</source>
        <translation>Язык меню и сообщений. Меняется после перезапуска CopyLens.</translation>
    </message>
    <message>
        <source>Archive file or address</source>
        <translation>Файл или адрес архива</translation>
    </message>
    <message>
        <source>Search provider</source>
        <translation>Поисковая система</translation>
    </message>
    <message>
        <source>The search engine that “Search the web” sends the documents&apos; distinctive phrases to, with your own API key. Each query is billed to your account with it.</source>
        <translation>Поисковая система, которой «Искать в интернете» отправляет характерные фразы документов, с вашим собственным API-ключом. Каждый запрос оплачивается с вашего счёта у неё.</translation>
    </message>
    <message>
        <source>Yandex Cloud folder ID</source>
        <translation>ID каталога Yandex Cloud</translation>
    </message>
    <message>
        <source>The ID of the Yandex Cloud folder the API key belongs to (b1g…), shown in the Yandex Cloud console. Only Yandex Search API needs it.</source>
        <translation>Идентификатор каталога Yandex Cloud, к которому относится API-ключ (b1g…); он виден в консоли Yandex Cloud. Нужен только для Yandex Search API.</translation>
    </message>
    <message>
        <source>Search queries per check</source>
        <translation>Поисковых запросов на проверку</translation>
    </message>
    <message>
        <source>At most this many search queries for the whole check, shared among its documents: one query per distinctive phrase. Each query costs money.</source>
        <translation>Наибольшее число поисковых запросов на всю проверку; они делятся между её документами: один запрос на одну характерную фразу. Каждый запрос стоит денег.</translation>
    </message>
    <message>
        <source>Allow local and intranet addresses</source>
        <translation>Разрешить локальные адреса и адреса внутренней сети</translation>
    </message>
    <message>
        <source>Download pages from this computer and from private networks too (localhost, 192.168.x.x, a school&apos;s intranet). Off: such addresses are refused, so a page on the web cannot make CopyLens reach into your network. Link-local addresses (169.254.x.x) and cloud metadata services are refused even when on.</source>
        <translation>Скачивать страницы и с этого компьютера, и из частных сетей (localhost, 192.168.x.x, внутренняя сеть школы). Если выключено, такие адреса отклоняются, чтобы страница из интернета не могла заставить CopyLens обращаться внутрь вашей сети. Адреса канального уровня (169.254.x.x) и службы метаданных облаков отклоняются и при включённом параметре.</translation>
    </message>
    <message>
        <source>Archive</source>
        <translation>Архив</translation>
    </message>
    <message>
        <source>The archive of earlier documents: an SQLite file on this computer (created when documents are first added) or a PostgreSQL database shared by a department (postgresql://user@server/database). Empty: no archive.</source>
        <translation>Архив прежних документов: файл SQLite на этом компьютере (создаётся при первом добавлении документов) или общая база PostgreSQL кафедры (postgresql://пользователь@сервер/база). Пусто — без архива.</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Язык системы</translation>
    </message>
</context>
<context>
    <name>SideBySideView</name>
    <message>
        <source>Back</source>
        <translation>Назад</translation>
    </message>
    <message>
        <source>Back (Esc)</source>
        <translation>Назад (Esc)</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>Предыдущий</translation>
    </message>
    <message>
        <source>Previous fragment (Shift+F3)</source>
        <translation>Предыдущий фрагмент (Shift+F3)</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Следующий</translation>
    </message>
    <message>
        <source>Next fragment (F3)</source>
        <translation>Следующий фрагмент (F3)</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>Документ</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
    <message>
        <source>(The text of this source is not available.)</source>
        <translation>(Текст этого источника недоступен.)</translation>
    </message>
    <message>
        <source>No shared fragments</source>
        <translation>Общих фрагментов нет</translation>
    </message>
    <message>
        <source>Fragment {0} of {1}  ·  {2}  ·  {3} words</source>
        <translation>Фрагмент {0} из {1}  ·  {2}  ·  слов: {3}</translation>
    </message>
    <message>
        <source>Fragment {0} of {1}  ·  paraphrase, meaning similarity {2}  ·  {3} words</source>
        <translation>Фрагмент {0} из {1}  ·  перефразирование, сходство по смыслу {2}  ·  слов: {3}</translation>
    </message>
    <message>
        <source>Fragment {0} of {1}  ·  {2} words, {3} exact</source>
        <translation>Фрагмент {0} из {1}  ·  слов: {2}, дословно: {3}</translation>
    </message>
    <message>
        <source>1 sentence retold in other words</source>
        <translation>1 предложение пересказано своими словами</translation>
    </message>
    <message numerus="yes">
        <source>%n sentences retold in other words</source>
        <translation>
            <numerusform>%n предложение пересказано своими словами</numerusform>
            <numerusform>%n предложения пересказаны своими словами</numerusform>
            <numerusform>%n предложений пересказано своими словами</numerusform>
        </translation>
    </message>
    <message>
        <source>cited</source>
        <translation>цитата</translation>
    </message>
</context>
<context>
    <name>Sources</name>
    <message>
        <source>archive #{id}</source>
        <translation>архив № {id}</translation>
    </message>
    <message>
        <source>self-citation</source>
        <translation>самоцитирование</translation>
    </message>
    <message>
        <source>Click the address to open the page in the browser.</source>
        <translation>Щёлкните адрес, чтобы открыть страницу в браузере.</translation>
    </message>
    <message>
        <source>identical to #{id}, added {date}</source>
        <translation>совпадает с №{id}, добавлен {date}</translation>
    </message>
    <message>
        <source>already in the archive as {ids}</source>
        <translation>уже в архиве как {ids}</translation>
    </message>
    <message>
        <source>Identical: the archived document&apos;s text is the checked one&apos;s, unchanged.</source>
        <translation>Совпадение: текст архивного документа без изменений совпадает с проверяемым.</translation>
    </message>
    <message>
        <source>Self-citation: the archived document has the same author as the checked one.</source>
        <translation>Самоцитирование: у документа из архива тот же автор, что и у проверяемого.</translation>
    </message>
    <message>
        <source>Archived document #%1</source>
        <translation>Документ архива № %1</translation>
    </message>
    <message>
        <source>Redirected to %1</source>
        <translation>Перенаправлено на %1</translation>
    </message>
    <message>
        <source>Downloaded %1</source>
        <translation>Скачано %1</translation>
    </message>
    <message>
        <source>downloaded %1</source>
        <translation>скачано %1</translation>
    </message>
</context>
<context>
    <name>SourcesModel</name>
    <message>
        <source>Show</source>
        <translation>Показать</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
    <message>
        <source>Colour of the source&apos;s highlights; untick to hide them</source>
        <translation>Цвет выделения этого источника; снимите флажок, чтобы скрыть выделение</translation>
    </message>
    <message>
        <source>The source (full path in the tooltip)</source>
        <translation>Источник (полный путь — во всплывающей подсказке)</translation>
    </message>
    <message>
        <source>Shown in the text</source>
        <translation>Выделено в тексте</translation>
    </message>
    <message>
        <source>Hidden</source>
        <translation>Скрыто</translation>
    </message>
</context>
<context>
    <name>SourcesPanel</name>
    <message>
        <source>Sources — Enter or double-click: compare side by side · Space: show/hide · right-click the headings for more columns</source>
        <translation>Источники — Enter или двойной щелчок: сравнить рядом · Пробел: показать/скрыть · правый щелчок по заголовкам: другие столбцы</translation>
    </message>
    <message>
        <source>No source shares text with this document.</source>
        <translation>Ни один источник не совпадает с этим документом.</translation>
    </message>
    <message>
        <source>Open in browser</source>
        <translation>Открыть в браузере</translation>
    </message>
    <message>
        <source>Copy address</source>
        <translation>Копировать адрес</translation>
    </message>
    <message>
        <source>Leave out this source and count again</source>
        <translation>Исключить этот источник и пересчитать</translation>
    </message>
    <message>
        <source>Every share is counted again without it; Run › Exclusions… brings it back</source>
        <translation>Все доли пересчитываются без него; вернуть его можно в меню Запуск › Исключения…</translation>
    </message>
</context>
<context>
    <name>Terms</name>
    <message>
        <source>Uniqueness</source>
        <translation>Уникальность</translation>
    </message>
    <message>
        <source>Share of this document&apos;s words found in no source (quotations and the bibliography aside)</source>
        <translation>Доля слов этого документа, не найденных ни в одном источнике (цитаты и список литературы не в счёт)</translation>
    </message>
    <message>
        <source>Borrowed</source>
        <translation>Заимствовано</translation>
    </message>
    <message>
        <source>Share of this document&apos;s words found in a source and not cited</source>
        <translation>Доля слов этого документа, найденных в источниках вне цитат</translation>
    </message>
    <message>
        <source>Cited</source>
        <translation>Цитировано</translation>
    </message>
    <message>
        <source>Share of this document&apos;s words found in a source inside quotation marks, a block quotation or the bibliography</source>
        <translation>Доля слов этого документа, найденных в источниках внутри кавычек, блочных цитат или списка литературы</translation>
    </message>
    <message>
        <source>Own earlier work</source>
        <translation>Свои прежние работы</translation>
    </message>
    <message>
        <source>Share of this document&apos;s words found in the writer&apos;s own archived work</source>
        <translation>Доля слов этого документа, найденных в прежних работах того же автора из архива</translation>
    </message>
    <message>
        <source>Found in source</source>
        <translation>Найдено в источнике</translation>
    </message>
    <message>
        <source>Share of this document&apos;s words found in this source</source>
        <translation>Доля слов этого документа, найденных в этом источнике</translation>
    </message>
    <message>
        <source>Source used</source>
        <translation>Использовано из источника</translation>
    </message>
    <message>
        <source>Share of the source&apos;s words found in this document</source>
        <translation>Доля слов источника, найденных в этом документе</translation>
    </message>
    <message>
        <source>Only in this source</source>
        <translation>Только в этом источнике</translation>
    </message>
    <message>
        <source>Share of this document&apos;s words found in this source and in no other</source>
        <translation>Доля слов этого документа, найденных в этом источнике и ни в каком другом</translation>
    </message>
    <message>
        <source>Whole-text similarity</source>
        <translation>Сходство текстов целиком</translation>
    </message>
    <message>
        <source>How alike the two texts are as wholes (shared 10-word sequences over all of both texts&apos;); high only for near-duplicates, low when a short text is taken from a long one</source>
        <translation>Насколько похожи два текста в целом (общие последовательности из 10 слов среди всех последовательностей обоих текстов); высокое только у почти одинаковых текстов и низкое, когда короткий текст взят из длинного</translation>
    </message>
    <message>
        <source>Matching words</source>
        <translation>Совпавших слов</translation>
    </message>
    <message>
        <source>Words of this document inside passages found in the source</source>
        <translation>Слова этого документа внутри фрагментов, найденных в источнике</translation>
    </message>
    <message>
        <source>A found in B</source>
        <translation>A найдено в B</translation>
    </message>
    <message>
        <source>Share of document A&apos;s words found in document B</source>
        <translation>Доля слов документа A, найденных в документе B</translation>
    </message>
    <message>
        <source>B found in A</source>
        <translation>B найдено в A</translation>
    </message>
    <message>
        <source>Share of document B&apos;s words found in document A</source>
        <translation>Доля слов документа B, найденных в документе A</translation>
    </message>
    <message>
        <source>Found in others</source>
        <translation>Найдено в других</translation>
    </message>
    <message>
        <source>Share of this document&apos;s words found in any other compared document</source>
        <translation>Доля слов этого документа, найденных хотя бы в одном другом из сравниваемых документов</translation>
    </message>
    <message>
        <source>Paraphrase</source>
        <translation>Перефразирование</translation>
    </message>
    <message>
        <source>Sentences retold in other words (synonyms, another order, merged or split) whose meaning matches sentences of the source; counted as found in the source</source>
        <translation>Предложения, пересказанные другими словами (синонимы, другой порядок, слияние или разбиение), смысл которых совпадает с предложениями источника; считаются найденными в источнике</translation>
    </message>
    <message>
        <source>Meaning similarity</source>
        <translation>Сходство по смыслу</translation>
    </message>
    <message>
        <source>How close a paraphrase&apos;s meaning is to its source sentences (100 %: the same meaning)</source>
        <translation>Насколько смысл перефразирования близок к предложениям источника (100 %: тот же смысл)</translation>
    </message>
    <message>
        <source>Words</source>
        <translation>Слова</translation>
    </message>
    <message>
        <source>Words in the document</source>
        <translation>Слов в документе</translation>
    </message>
    <message>
        <source>compared</source>
        <translation>сравнивалось</translation>
    </message>
    <message>
        <source>Words that take part in the comparison: stop words (and, the, of…) and numbers are left out, and shares are counted over these</source>
        <translation>Слова, участвующие в сравнении: служебные слова (и, в, на…) и числа не учитываются, доли считаются от этих слов</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Группа</translation>
    </message>
    <message>
        <source>Documents linked by near-copying: each shares at least the grouping threshold with another member, directly or through a chain</source>
        <translation>Документы, связанные почти полным копированием: каждый совпадает с другим участником группы не меньше порога группировки, напрямую или через цепочку</translation>
    </message>
</context>
<context>
    <name>TextEditor</name>
    <message>
        <source>Edit text</source>
        <translation>Правка текста</translation>
    </message>
    <message>
        <source>New text</source>
        <translation>Новый текст</translation>
    </message>
    <message>
        <source>How the text is called in the lists and reports.</source>
        <translation>Под этим названием текст виден в списках и отчётах.</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Название:</translation>
    </message>
    <message>
        <source>Type or paste the text here. It is checked as it is written here.</source>
        <translation>Наберите или вставьте текст сюда. Проверяется ровно то, что написано здесь.</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Сохранить</translation>
    </message>
    <message>
        <source>Add to the list</source>
        <translation>Добавить в список</translation>
    </message>
    <message>
        <source>Save and check</source>
        <translation>Сохранить и проверить</translation>
    </message>
    <message>
        <source>Add and check</source>
        <translation>Добавить и проверить</translation>
    </message>
    <message>
        <source>Start the check at once (Ctrl+Enter).</source>
        <translation>Сразу начать проверку (Ctrl+Enter).</translation>
    </message>
    <message>
        <source>The text is empty.</source>
        <translation>Текст пуст.</translation>
    </message>
    <message>
        <source>Give the text a name.</source>
        <translation>Дайте тексту название.</translation>
    </message>
    <message>
        <source>Another item is already called “%1”.</source>
        <translation>Название «%1» уже занято.</translation>
    </message>
    <message>
        <source>Words: %1</source>
        <translation>Слов: %1</translation>
    </message>
    <message>
        <source>Text %1</source>
        <translation>Текст %1</translation>
    </message>
</context>
<context>
    <name>WebPanel</name>
    <message>
        <source>spaces inside an address</source>
        <translation>пробелы внутри адреса</translation>
    </message>
    <message>
        <source>not an http:// or https:// address</source>
        <translation>адрес не начинается с http:// или https://</translation>
    </message>
    <message>
        <source>not a valid address</source>
        <translation>неверный адрес</translation>
    </message>
    <message>
        <source>no host name</source>
        <translation>нет имени сайта</translation>
    </message>
    <message>
        <source>Web</source>
        <translation>Интернет</translation>
    </message>
    <message>
        <source>Paste</source>
        <translation>Вставить</translation>
    </message>
    <message>
        <source>Paste the addresses on the clipboard, one per line</source>
        <translation>Вставить адреса из буфера обмена, по одному в строке</translation>
    </message>
    <message>
        <source>Addresses of web pages to check against, one per line:</source>
        <translation>Адреса веб-страниц для сверки, по одному в строке:</translation>
    </message>
    <message>
        <source>Each page is downloaded and checked like a source file. Pages are kept for a day, so a second check does not download them again.</source>
        <translation>Каждая страница скачивается и служит источником, как файл. Страницы хранятся сутки, поэтому повторная проверка не скачивает их заново.</translation>
    </message>
    <message>
        <source>Search the web</source>
        <translation>Искать в интернете</translation>
    </message>
    <message>
        <source>Send the documents&apos; most distinctive phrases to the search provider of the settings, download the pages it finds and check against them too. Only those phrases leave this computer, and only to that provider.</source>
        <translation>Отправить самые характерные фразы документов поисковой системе из настроек, скачать найденные ею страницы и сверить документы и с ними. С компьютера уходят только эти фразы и только в эту поисковую систему.</translation>
    </message>
    <message>
        <source>Each query is billed to your key by the provider. The number of queries per check and the provider are in Settings › Web search.</source>
        <translation>Поисковая система берёт плату за каждый запрос с вашего ключа. Число запросов на проверку и поисковая система задаются в «Настройки › Поиск в интернете».</translation>
    </message>
    <message>
        <source>up to %1 queries with %2</source>
        <translation>запросов — не более %1, через %2</translation>
    </message>
    <message>
        <source>Line %1: %2</source>
        <translation>Строка %1: %2</translation>
    </message>
    <message>
        <source>(%1 lines to fix)</source>
        <translation>(строк с ошибками: %1)</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
</context>
<context>
    <name>WindowActions</name>
    <message>
        <source>Open files…</source>
        <translation>Открыть файлы…</translation>
    </message>
    <message>
        <source>Open folder…</source>
        <translation>Открыть папку…</translation>
    </message>
    <message>
        <source>Paste text</source>
        <translation>Вставить текст</translation>
    </message>
    <message>
        <source>Adds the text on the clipboard to the selected list as a document.</source>
        <translation>Добавляет текст из буфера обмена в выбранный список как документ.</translation>
    </message>
    <message>
        <source>New text…</source>
        <translation>Новый текст…</translation>
    </message>
    <message>
        <source>Type or paste a text, edit it, and check it as a document.</source>
        <translation>Наберите или вставьте текст, отредактируйте его и проверьте как документ.</translation>
    </message>
    <message>
        <source>Open session…</source>
        <translation>Открыть сеанс…</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>Сохранить сеанс</translation>
    </message>
    <message>
        <source>Save session as…</source>
        <translation>Сохранить сеанс как…</translation>
    </message>
    <message>
        <source>History…</source>
        <translation>История…</translation>
    </message>
    <message>
        <source>Earlier checks with their figures.</source>
        <translation>Прошлые проверки и их результаты.</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Проверить</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>Настройки…</translation>
    </message>
    <message>
        <source>Archive…</source>
        <translation>Архив…</translation>
    </message>
    <message>
        <source>The archive of earlier documents: list, add, remove, read.</source>
        <translation>Архив прежних документов: просмотр, добавление, удаление, чтение.</translation>
    </message>
    <message>
        <source>Export report…</source>
        <translation>Экспорт отчёта…</translation>
    </message>
    <message>
        <source>Print report…</source>
        <translation>Печать отчёта…</translation>
    </message>
    <message>
        <source>Certificate…</source>
        <translation>Справка…</translation>
    </message>
    <message>
        <source>A one-page certificate per checked document, to sign, before the report.</source>
        <translation>Справка на одну страницу для каждого проверенного документа, для подписи, перед отчётом.</translation>
    </message>
    <message>
        <source>Exclusions…</source>
        <translation>Исключения…</translation>
    </message>
    <message>
        <source>Leave short matches or sources out and count every share again.</source>
        <translation>Исключить короткие совпадения или источники и пересчитать все доли.</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Выход</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>Недавние</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Запуск</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Сервис</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Основная панель</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Сравнить</translation>
    </message>
    <message>
        <source>Add files to “%1”</source>
        <translation>Добавить файлы в список «%1»</translation>
    </message>
    <message>
        <source>Add a folder to “%1”</source>
        <translation>Добавить папку в список «%1»</translation>
    </message>
</context>
</TS>
