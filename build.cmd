@echo off
rem The one entry point on Windows (no Mono there: the .NET 10 half only).
rem   build.cmd            build
rem   build.cmd test       tests on .NET 10
rem   build.cmd run [ARGS] the streamconf CLI with ARGS (no ARGS: the default sweep of .NET 10)
rem   build.cmd pack       the CLI as a dotnet tool package in artifacts\
setlocal
cd /d "%~dp0"
if "%CONFIG%"=="" set CONFIG=Release
set CMD=%1
if "%CMD%"=="" set CMD=build

dotnet build StreamConformance.slnx -c %CONFIG% -nologo -v q -clp:ErrorsOnly || exit /b 1
if /i "%CMD%"=="build" exit /b 0
if /i "%CMD%"=="test" (
  dotnet test tests\StreamConformance.Tests\StreamConformance.Tests.csproj -c %CONFIG% -f net10.0 --no-build -nologo
  exit /b %ERRORLEVEL%
)
if /i "%CMD%"=="pack" (
  dotnet pack src\StreamConformance.Cli\StreamConformance.Cli.csproj -c %CONFIG% --no-build -o artifacts\package -nologo
  exit /b %ERRORLEVEL%
)
if /i "%CMD%"=="run" (
  shift
  goto run
)
echo build.cmd: unknown command '%CMD%' (expected build, test, run or pack) 1>&2
exit /b 2

:run
set ARGS=
:collect
if "%~1"=="" goto exec
set ARGS=%ARGS% %1
shift
goto collect
:exec
if "%ARGS%"=="" set ARGS=--runtime dotnet
dotnet src\StreamConformance.Cli\bin\%CONFIG%\net10.0\streamconf.dll %ARGS%
exit /b %ERRORLEVEL%
